import Foundation
import SavvyCoach

/// Where an interview's questions come from: a prompts file, or the drill's bank.
public enum InterviewQuestions {
    /// The questions of a prompts file: one per line; blank lines and lines starting with `#`
    /// are skipped.
    public static func load(file path: String) throws -> [String] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "not readable UTF-8 text" : "no such file"
            throw SessionError.promptsFileUnreadable(path: path, reason: reason)
        }
        let questions = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !questions.isEmpty else { throw SessionError.noQuestions(source: "'\(path)'") }
        return questions
    }

    /// `count` questions from the drill's bank, starting at `offset` and wrapping around, so
    /// successive interviews move through the bank.
    public static func fromBank(_ drill: Drill, count: Int, offset: Int) throws -> [String] {
        guard !drill.prompts.isEmpty else { throw SessionError.noQuestions(source: "the drill '\(drill.id)'") }
        let n = min(count, drill.prompts.count)
        return (0..<n).map { drill.prompts[(offset + $0) % drill.prompts.count] }
    }
}
