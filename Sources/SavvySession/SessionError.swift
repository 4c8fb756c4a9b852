import Foundation

/// Failures of the session layer (scoring a recording, recording a take), one actionable line
/// each. Errors of the modules underneath pass through unchanged.
public enum SessionError: Error, LocalizedError, Equatable {
    case noSpeech(path: String)
    /// The input is a FIFO, device, socket or folder: refused before any work.
    case notRegularFile(path: String, kind: String)
    /// The input could not be opened or read.
    case cannotReadInput(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .noSpeech(path):
            return "no speech found in '\(path)': it is silent or only noise; check the microphone and record again"
        case let .notRegularFile(path, kind):
            return "'\(path)' is \(kind), not a regular file; savvy reads recordings only from regular files"
        case let .cannotReadInput(path, reason):
            return "cannot read '\(path)': \(reason)"
        }
    }
}
