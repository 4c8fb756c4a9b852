extension Migration {
    /// Version 3: a scoring may carry its own transcript and delivery numbers.
    ///
    /// Shipped — never edit; add a new migration instead.
    ///
    /// `rescore --retranscribe` makes a new transcript and new delivery numbers; kept only in the
    /// scoring's rubric, `show` printed the old transcript beside the new content and `history`
    /// mixed the old WPM with the new overall. A scoring now stores the transcript and metrics it
    /// was made from when they differ from the session's (`own_delivery = 1`); otherwise they
    /// are the session's. The history index gains the headline numbers so `history` still never
    /// reads a table row.
    static let v3 = Migration(
        version: 3,
        name: "delivery per scoring",
        statements: [
            "ALTER TABLE scorings ADD COLUMN own_delivery INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE scorings ADD COLUMN transcript_json BLOB",
            "ALTER TABLE scorings ADD COLUMN asr_engine TEXT",
            "ALTER TABLE scorings ADD COLUMN asr_model TEXT",
            "ALTER TABLE scorings ADD COLUMN metrics_json BLOB",
            "ALTER TABLE scorings ADD COLUMN metrics_version INTEGER",
            "ALTER TABLE scorings ADD COLUMN lexicon_version TEXT",
            "ALTER TABLE scorings ADD COLUMN wpm REAL",
            "ALTER TABLE scorings ADD COLUMN fillers_per_min REAL",
            "ALTER TABLE scorings ADD COLUMN pitch_sd REAL",
            "ALTER TABLE scorings ADD COLUMN cpps REAL",
            """
            CREATE INDEX scorings_latest_delivery ON scorings
                (session_id, id, overall, tier, own_delivery, wpm, fillers_per_min, pitch_sd, cpps)
            """,
            "DROP INDEX scorings_latest",
        ])
}
