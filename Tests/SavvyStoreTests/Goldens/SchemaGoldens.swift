/// The schema each shipped migration version produces, as `MigratorTests.schema(of:)` prints it.
///
/// Kept as Swift source (not a resource file) so the test target needs no resource rules. An
/// entry is added once, when its migration ships, and never changed afterwards: a difference
/// means a shipped migration was edited. To add version N, run the tests and paste the schema
/// the failure message prints.
enum SchemaGoldens {
    static let byVersion: [Int: String] = [
        1: #"""
            -- user_version 1
            -- index scorings_by_session
            CREATE INDEX scorings_by_session ON scorings (session_id, id);
            -- index sessions_by_audio
            CREATE INDEX sessions_by_audio ON sessions (audio_path);
            -- index sessions_by_drill_time
            CREATE INDEX sessions_by_drill_time ON sessions (drill, created_at, id);
            -- index sessions_by_time
            CREATE INDEX sessions_by_time ON sessions (created_at, id);
            -- table llm_cache
            CREATE TABLE llm_cache (
                key TEXT PRIMARY KEY,
                created_at TEXT NOT NULL,
                model TEXT NOT NULL,
                response BLOB NOT NULL
            ) WITHOUT ROWID;
            -- table scorings
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
            );
            -- table sessions
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
            );
            """#,
        2: #"""
            -- user_version 2
            -- index scorings_latest
            CREATE INDEX scorings_latest ON scorings (session_id, id, overall, tier);
            -- index sessions_by_audio
            CREATE INDEX sessions_by_audio ON sessions (audio_path);
            -- index sessions_history
            CREATE INDEX sessions_history ON sessions
                (created_at, id, drill, source_name, duration, wpm, fillers_per_min, pitch_sd, cpps);
            -- index sessions_history_by_drill
            CREATE INDEX sessions_history_by_drill ON sessions
                (drill, created_at, id, source_name, duration, wpm, fillers_per_min, pitch_sd, cpps);
            -- table llm_cache
            CREATE TABLE llm_cache (
                key TEXT PRIMARY KEY,
                created_at TEXT NOT NULL,
                model TEXT NOT NULL,
                response BLOB NOT NULL
            ) WITHOUT ROWID;
            -- table scorings
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
            );
            -- table sessions
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
            );
            """#,
        3: #"""
            -- user_version 3
            -- index scorings_latest_delivery
            CREATE INDEX scorings_latest_delivery ON scorings
                (session_id, id, overall, tier, own_delivery, wpm, fillers_per_min, pitch_sd, cpps);
            -- index sessions_by_audio
            CREATE INDEX sessions_by_audio ON sessions (audio_path);
            -- index sessions_history
            CREATE INDEX sessions_history ON sessions
                (created_at, id, drill, source_name, duration, wpm, fillers_per_min, pitch_sd, cpps);
            -- index sessions_history_by_drill
            CREATE INDEX sessions_history_by_drill ON sessions
                (drill, created_at, id, source_name, duration, wpm, fillers_per_min, pitch_sd, cpps);
            -- table llm_cache
            CREATE TABLE llm_cache (
                key TEXT PRIMARY KEY,
                created_at TEXT NOT NULL,
                model TEXT NOT NULL,
                response BLOB NOT NULL
            ) WITHOUT ROWID;
            -- table scorings
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
            , own_delivery INTEGER NOT NULL DEFAULT 0, transcript_json BLOB, asr_engine TEXT, asr_model TEXT, metrics_json BLOB, metrics_version INTEGER, lexicon_version TEXT, wpm REAL, fillers_per_min REAL, pitch_sd REAL, cpps REAL);
            -- table sessions
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
            );
            """#,
        4: #"""
            -- user_version 4
            -- index interview_turns_by_session
            CREATE INDEX interview_turns_by_session ON interview_turns (session_id);
            -- index interviews_by_time
            CREATE INDEX interviews_by_time ON interviews (created_at, id);
            -- index scorings_latest_delivery
            CREATE INDEX scorings_latest_delivery ON scorings
                (session_id, id, overall, tier, own_delivery, wpm, fillers_per_min, pitch_sd, cpps);
            -- index sessions_by_audio
            CREATE INDEX sessions_by_audio ON sessions (audio_path);
            -- index sessions_history
            CREATE INDEX sessions_history ON sessions
                (created_at, id, drill, source_name, duration, wpm, fillers_per_min, pitch_sd, cpps);
            -- index sessions_history_by_drill
            CREATE INDEX sessions_history_by_drill ON sessions
                (drill, created_at, id, source_name, duration, wpm, fillers_per_min, pitch_sd, cpps);
            -- table interview_turns
            CREATE TABLE interview_turns (
                interview_id INTEGER NOT NULL REFERENCES interviews(id) ON DELETE CASCADE,
                position INTEGER NOT NULL CHECK (position >= 1),
                question_number INTEGER NOT NULL CHECK (question_number >= 1),
                kind TEXT NOT NULL CHECK (kind IN ('question', 'follow-up')),
                text TEXT NOT NULL,
                reason TEXT,
                session_id INTEGER REFERENCES sessions(id) ON DELETE SET NULL,
                outcome TEXT NOT NULL,
                PRIMARY KEY (interview_id, position)
            );
            -- table interviews
            CREATE TABLE interviews (
                id INTEGER PRIMARY KEY,
                created_at TEXT NOT NULL,
                drill TEXT NOT NULL,
                voice TEXT NOT NULL,
                summary_json BLOB
            );
            -- table llm_cache
            CREATE TABLE llm_cache (
                key TEXT PRIMARY KEY,
                created_at TEXT NOT NULL,
                model TEXT NOT NULL,
                response BLOB NOT NULL
            ) WITHOUT ROWID;
            -- table scorings
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
            , own_delivery INTEGER NOT NULL DEFAULT 0, transcript_json BLOB, asr_engine TEXT, asr_model TEXT, metrics_json BLOB, metrics_version INTEGER, lexicon_version TEXT, wpm REAL, fillers_per_min REAL, pitch_sd REAL, cpps REAL);
            -- table sessions
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
            );
            """#,
    ]
}
