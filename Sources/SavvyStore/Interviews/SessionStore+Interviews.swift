import Foundation

/// Interviews: a row per interview, appended to turn by turn as it runs, so an interview cut
/// short (Ctrl-C, a crash) keeps every answer already given.
extension SessionStore {
    /// Starts an interview and returns its id.
    public func beginInterview(createdAt: Date, drill: String, voice: String) throws -> Int64 {
        try withConnection { connection in
            try connection.transaction(action: "saving an interview") {
                try connection.prepare("INSERT INTO interviews (created_at, drill, voice) VALUES (?, ?, ?)",
                                       action: "saving an interview")
                    .execute([.text(Timestamp.string(from: createdAt)), .text(drill), .text(voice)])
                return connection.lastInsertRowID
            }
        }
    }

    /// Appends a turn to interview `id`.
    /// - Throws: `StoreError.interviewNotFound`; an SQLite error for a repeated position.
    public func addInterviewTurn(_ turn: InterviewTurnRecord, interviewID id: Int64) throws {
        try withConnection { connection in
            try connection.transaction(action: "saving an interview turn") {
                let exists = try connection.prepare("SELECT 1 FROM interviews WHERE id = ?", action: "saving an interview turn")
                try exists.bind([.integer(id)])
                guard try exists.step() else { throw StoreError.interviewNotFound(id: id) }
                try connection.prepare("""
                    INSERT INTO interview_turns (interview_id, position, question_number, kind, text, reason, session_id, outcome)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, action: "saving an interview turn").execute([
                        .integer(id), .integer(Int64(turn.position)), .integer(Int64(turn.questionNumber)),
                        .text(turn.kind.rawValue), .text(turn.text), .text(turn.reason),
                        turn.sessionID.map { .integer($0) } ?? .null, .text(turn.outcome),
                    ])
            }
        }
    }

    /// Stores the end summary of interview `id`.
    public func finishInterview(id: Int64, summaryJSON: Data) throws {
        try withConnection { connection in
            try connection.transaction(action: "saving an interview summary") {
                let update = try connection.prepare("UPDATE interviews SET summary_json = ? WHERE id = ?",
                                                    action: "saving an interview summary")
                try update.execute([.blob(summaryJSON), .integer(id)])
                guard connection.changes > 0 else { throw StoreError.interviewNotFound(id: id) }
            }
        }
    }

    /// Interview `id` with its turns, or nil.
    public func interview(id: Int64) throws -> StoredInterview? {
        try withConnection { connection in
            let row = try connection.prepare("SELECT id, created_at, drill, voice, summary_json FROM interviews WHERE id = ?",
                                             action: "reading an interview")
            try row.bind([.integer(id)])
            guard try row.step() else { return nil }
            var interview = StoredInterview(
                id: row.int64(0), createdAt: try Self.date(row.text(1), interview: row.int64(0), path: connection.path),
                drill: row.text(2), voice: row.text(3), summaryJSON: row.isNull(4) ? nil : row.blob(4), turns: [])
            let turns = try connection.prepare("""
                SELECT position, question_number, kind, text, reason, session_id, outcome FROM interview_turns
                WHERE interview_id = ? ORDER BY position
                """, action: "reading an interview")
            try turns.bind([.integer(id)])
            while try turns.step() {
                interview.turns.append(InterviewTurnRecord(
                    position: Int(turns.int64(0)), questionNumber: Int(turns.int64(1)),
                    kind: InterviewTurnRecord.Kind(rawValue: turns.text(2)) ?? .question, text: turns.text(3),
                    reason: turns.optionalText(4), sessionID: turns.optionalInt64(5), outcome: turns.text(6)))
            }
            return interview
        }
    }

    /// Every interview, newest first, with its turns.
    public func interviews(limit: Int? = nil) throws -> [StoredInterview] {
        let ids: [Int64] = try withConnection { connection in
            let statement = try connection.prepare(
                "SELECT id FROM interviews ORDER BY created_at DESC, id DESC LIMIT ?", action: "reading interviews")
            try statement.bind([.integer(Int64(limit ?? -1))])
            var ids: [Int64] = []
            while try statement.step() { ids.append(statement.int64(0)) }
            return ids
        }
        return try ids.compactMap { try interview(id: $0) }
    }

    private static func date(_ text: String, interview id: Int64, path: String) throws -> Date {
        guard let date = Timestamp.date(from: text) else {
            throw StoreError.corrupt(path: path, detail: "interviews row \(id) has a created_at that is not an ISO-8601 UTC time")
        }
        return date
    }
}
