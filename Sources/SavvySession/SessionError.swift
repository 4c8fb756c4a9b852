import Foundation

/// Failures of the session layer (scoring a recording, recording a take), one actionable line
/// each. Errors of the modules underneath pass through unchanged.
public enum SessionError: Error, LocalizedError, Equatable {
    case noSpeech(path: String)

    public var errorDescription: String? {
        switch self {
        case let .noSpeech(path):
            return "no speech found in '\(path)': it is silent or only noise; check the microphone and record again"
        }
    }
}
