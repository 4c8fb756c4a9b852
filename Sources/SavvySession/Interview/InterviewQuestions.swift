import Foundation
import SavvyCoach
import SavvyFileSystem

/// Where an interview's questions come from: a prompts file, or the drill's bank.
public enum InterviewQuestions {
    /// The questions of a prompts file: one per line; blank lines and lines starting with `#`
    /// are skipped.
    public static func load(file path: String) throws -> [String] {
        let bytes: [UInt8]
        do throws(RawPath.Errno) {
            bytes = try RawPath.contents(of: path)
        } catch {
            throw SessionError.promptsFileUnreadable(path: path, reason: error.code == ENOENT ? "no such file" : SystemErrorText.describe(errno: error.code))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SessionError.promptsFileUnreadable(path: path, reason: "not readable UTF-8 text")
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
