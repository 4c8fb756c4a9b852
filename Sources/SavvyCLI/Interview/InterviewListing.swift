import Foundation
import SavvySession
import SavvyStore

/// One row of `history --interviews`.
struct InterviewListing: Encodable {
    let id: Int64
    /// ISO-8601 UTC, as in `history --json`.
    let date: String
    let drill: String
    let questions: Int
    let answered: Int
    /// Mean overall score of the answers to bank questions; `nil` when none was answered.
    let meanScore: Double?

    init(_ interview: StoredInterview) throws {
        let summary = try Self.summary(of: interview)
        id = interview.id
        date = Timestamp.string(from: interview.createdAt)
        drill = interview.drill
        questions = Set(summary.turns.map(\.questionNumber)).count
        let scores = summary.turns.filter { $0.kind == "question" }.compactMap(\.overall)
        answered = scores.count
        meanScore = scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
    }

    /// The stored summary, or — for an interview cut short before it was written — one built
    /// from the stored turns (scores left out: they are in the sessions).
    static func summary(of interview: StoredInterview) throws -> InterviewSummary {
        if let data = interview.summaryJSON {
            do {
                return try JSONDecoder().decode(InterviewSummary.self, from: data)
            } catch {
                throw CLIError.unreadableInterview(id: interview.id)
            }
        }
        let turns = interview.turns.map { turn in
            InterviewSummary.Turn(position: turn.position, questionNumber: turn.questionNumber, kind: turn.kind.rawValue,
                                  text: turn.text, reason: turn.reason, sessionID: turn.sessionID, overall: nil, outcome: turn.outcome)
        }
        return InterviewSummary(turns: turns, best: nil, weakest: nil, workOn: [])
    }

    static func table(_ rows: [InterviewListing]) -> String {
        guard !rows.isEmpty else { return "no interviews yet; start one with 'savvy interview'\n" }
        var out = "date                  id  drill      questions  answered  mean\n"
        for row in rows {
            let mean = row.meanScore.map { Format.fixed($0, 1) } ?? "—"
            out += "\(row.date.prefix(16).replacingOccurrences(of: "T", with: " ").padding(20))  \(String(row.id).padding(2))  \(row.drill.padding(9))  "
                + "\(String(row.questions).padding(9))  \(String(row.answered).padding(8))  \(mean)\n"
        }
        return out
    }
}
