import Foundation
import SavvyStore

/// Merges results of `savvy score --json --no-save` — made on other machines or by other
/// workers of a cohort run — into this store.
///
/// A result is idempotent by its recording's SHA-256: importing the same result twice, or two
/// workers' overlapping outputs, keeps one session. Each result is its own transaction, so a bad
/// file in a batch leaves the others imported.
public enum ResultImporter {
    /// What happened to one result.
    public enum Outcome: Sendable, Equatable {
        case imported(session: Int64)
        case alreadyStored(session: Int64)
    }

    /// Saves `answer` as a session, its recording copied from `audio`.
    ///
    /// - Parameters:
    ///   - expectedSHA256: the hash the result was scored from; the audio must match it.
    ///   - date: the session's date (a result carries none: scoring is a pure function of the
    ///     file, so it has no clock in it).
    public static func save(_ answer: ScoredAnswer, audio: URL, expectedSHA256: String?, store: SessionStore,
                            at date: Date = Date()) throws -> Outcome {
        let (session, scoring) = try SessionRecorder.rows(answer, audio: audio, at: date)
        let outcome = try store.insertSessionUnlessStored(session, scoring: scoring, expectedSHA256: expectedSHA256)
        return outcome.inserted ? .imported(session: outcome.id) : .alreadyStored(session: outcome.id)
    }
}
