extension Migration {
    /// Version 4: spoken mock interviews and their turns (issue 12).
    ///
    /// Shipped — never edit; add a new migration instead.
    ///
    /// An interview is a sequence of turns — the coach's question or follow-up and the answer —
    /// each answer a normal session (so `history`, `show`, `rescore` and `delete` work on it as on
    /// any other). A turn whose answer never came (nobody spoke) has no session. Deleting a
    /// session keeps the turn with its question and drops the link. The end summary (scores,
    /// best and weakest answer, things to work on) is stored as written, as JSON, so `show`
    /// repeats exactly what was said at the end of the interview.
    static let v4 = Migration(
        version: 4,
        name: "interviews and their turns",
        statements: [
            """
            CREATE TABLE interviews (
                id INTEGER PRIMARY KEY,
                created_at TEXT NOT NULL,
                drill TEXT NOT NULL,
                voice TEXT NOT NULL,
                summary_json BLOB
            )
            """,
            "CREATE INDEX interviews_by_time ON interviews (created_at, id)",
            """
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
            )
            """,
            "CREATE INDEX interview_turns_by_session ON interview_turns (session_id)",
        ])
}
