extension Migration {
    /// Version 2: covering indexes for `history`.
    ///
    /// Shipped — never edit; add a new migration instead.
    ///
    /// A session row carries its transcript and metrics JSON, so reading the denormalised
    /// history columns from the table walks through large records (a 10 000-session database
    /// is ~180 MB). These indexes hold every column `history` shows, in its sort order, so the
    /// query never touches the table; the scorings index answers "latest overall and tier" the
    /// same way. The v1 time indexes are prefixes of the new ones and are dropped.
    static let v2 = Migration(
        version: 2,
        name: "covering indexes for history",
        statements: [
            "DROP INDEX sessions_by_time",
            "DROP INDEX sessions_by_drill_time",
            """
            CREATE INDEX sessions_history ON sessions
                (created_at, id, drill, source_name, duration, wpm, fillers_per_min, pitch_sd, cpps)
            """,
            """
            CREATE INDEX sessions_history_by_drill ON sessions
                (drill, created_at, id, source_name, duration, wpm, fillers_per_min, pitch_sd, cpps)
            """,
            "CREATE INDEX scorings_latest ON scorings (session_id, id, overall, tier)",
            "DROP INDEX scorings_by_session",
        ])
}
