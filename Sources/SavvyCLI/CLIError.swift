import Foundation

/// Failures of the command layer itself (as opposed to a module's), one actionable line each.
enum CLIError: Error, LocalizedError, Equatable {
    case sessionNotFound(id: Int64)
    case noSessions
    case cannotWrite(path: String, reason: String)
    /// An output file failed after the session was saved (the session is kept).
    case cannotWriteSaved(path: String, reason: String, session: Int64?)
    /// Standard output failed for a reason other than a closed pipe (e.g. disk full).
    case cannotWriteOutput(reason: String)
    case batchFailed(failed: Int, total: Int)
    /// `practice` heard no speech before its no-speech timeout.
    case nobodySpoke(seconds: Double)
    /// `practice` recorded a take with no speech in it (nothing kept).
    case silentTake
    case unreadableSession(id: Int64, what: String)
    case noInterviews
    case unreadableInterview(id: Int64)
    case malformedResult(path: String, detail: String)
    case importAudioMissing(result: String, audio: String)
    case importFailed(failed: Int, total: Int)

    var errorDescription: String? {
        switch self {
        case let .sessionNotFound(id):
            return "no session \(id) in the database; run 'savvy history' to see the ids"
        case .noSessions:
            return "there are no sessions yet; score a recording with 'savvy score FILE' first"
        case let .cannotWrite(path, reason):
            return "cannot write '\(path)': \(reason); choose another path"
        case let .cannotWriteSaved(path, reason, session):
            let kept = session.map { "the session was saved as \($0) ('savvy show \($0)')" }
                ?? "nothing was saved (--no-save)"
            return "cannot write '\(path)': \(reason); \(kept)"
        case let .cannotWriteOutput(reason):
            return "cannot write to standard output: \(reason)"
        case let .nobodySpoke(seconds):
            return "nobody spoke in the first \(Format.fixed(seconds, 0)) s, so nothing was kept; check the microphone "
                + "and its mute switch ('savvy doctor' tests it), or wait longer with '--no-speech SECONDS'"
        case .silentTake:
            return "the take has no speech in it (silent or only noise), so nothing was kept; check the microphone "
                + "and its mute switch ('savvy doctor' tests it) and record again"
        case let .batchFailed(failed, total):
            return "\(failed) of \(total) files could not be scored (see the errors above)"
        case let .unreadableSession(id, what):
            return "session \(id) has no readable \(what) (written by another savvy version?); rescore it with 'savvy rescore \(id) --retranscribe'"
        case .noInterviews:
            return "there are no interviews yet; start one with 'savvy interview'"
        case let .unreadableInterview(id):
            return "interview \(id) has no readable summary (written by another savvy version?); its answers are sessions: see 'savvy history'"
        case let .malformedResult(path, detail):
            return "'\(path)' is not a savvy score result (\(detail)); import the output of 'savvy score --json --no-save'"
        case let .importAudioMissing(result, audio):
            return "the recording of a result in '\(result)' is not at '\(audio)'; copy it there or name its folder with '--audio DIR'"
        case let .importFailed(failed, total):
            return "\(failed) of \(total) results could not be imported (see the errors above)"
        }
    }
}
