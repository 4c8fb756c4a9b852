extension Migration {
    /// Version 1: sessions, their scorings and the LLM response cache.
    ///
    /// Shipped — never edit; add a new migration instead.
    ///
    /// A session keeps everything needed to rescore it without the original file (the copied
    /// audio with its SHA-256, the transcript with word timings and the engine that made it, the
    /// metrics JSON with its algorithm version and the lexicon version) plus a few denormalised
    /// numbers (`wpm`, `fillers_per_min`, `pitch_sd`, `cpps`) so `history` never decodes JSON.
    /// Times are ISO-8601 UTC text with milliseconds (`2025-01-31T09:30:00.000Z`), which sorts
    /// the same as the instants it names.
    static let v1 = Migration(
        version: 1,
        name: "sessions, scorings, llm cache",
        statements: [
            """
            CREATE TABLE sessions (
                id INTEGER PRIMARY KEY,
                created_at TEXT NOT NULL,
                drill TEXT NOT NULL,
                prompt TEXT NOT NULL,
                audio_path TEXT NOT NULL,
                audio_sha256 TEXT NOT NULL CHECK (length(audio_sha256) = 64),
                audio_bytes INTEGER NOT NULL CHECK (audio_bytes >= 0),
                duration REAL NOT NULL CHECK (duration >= 0),
                sample_rate INTEGER NOT NULL CHECK (sample_rate > 0),
                source_name TEXT NOT NULL,
                transcript_json BLOB NOT NULL,
                asr_engine TEXT NOT NULL,
                asr_model TEXT NOT NULL,
                metrics_json BLOB NOT NULL,
                metrics_version INTEGER NOT NULL,
                lexicon_version TEXT,
                wpm REAL,
                fillers_per_min REAL,
                pitch_sd REAL,
                cpps REAL
            )
            """,
            "CREATE INDEX sessions_by_time ON sessions (created_at, id)",
            "CREATE INDEX sessions_by_drill_time ON sessions (drill, created_at, id)",
            "CREATE INDEX sessions_by_audio ON sessions (audio_path)",
            """
            CREATE TABLE scorings (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
                created_at TEXT NOT NULL,
                tier TEXT NOT NULL,
                model TEXT,
                rubric_version TEXT NOT NULL,
                overall REAL,
                rubric_json BLOB NOT NULL,
                router_json BLOB NOT NULL,
                degraded_reason TEXT
            )
            """,
            "CREATE INDEX scorings_by_session ON scorings (session_id, id)",
            """
            CREATE TABLE llm_cache (
                key TEXT PRIMARY KEY,
                created_at TEXT NOT NULL,
                model TEXT NOT NULL,
                response BLOB NOT NULL
            ) WITHOUT ROWID
            """,
        ])
}

extension Migrator {
    /// savvy's schema history, oldest first. Append only.
    static let savvy = Migrator(migrations: [.v1, .v2, .v3, .v4])
}
