import Foundation

/// Failures of the session layer (scoring a recording, recording a take, the coach voice, the
/// interview), one actionable line each. Errors of the modules underneath pass through unchanged.
public enum SessionError: Error, LocalizedError, Equatable {
    case noSpeech(path: String)
    /// espeak-ng cannot run (its data is missing, synthesis failed).
    case voiceUnavailable(detail: String)
    /// espeak-ng has no voice of this name.
    case voiceNotFound(name: String)
    /// The cloud voice gave no playable audio (network, HTTP status, timeout, not audio);
    /// `detail` is safe to show (redacted, no text that was to be spoken).
    case cloudVoiceFailed(detail: String)
    /// A voice rate or volume out of range.
    case invalidVoiceSetting(name: String, value: String, rule: String)
    /// A line of `voice.conf` (or a voice variable) does not parse; line 0 for a variable.
    case voiceConfigInvalid(source: String, line: Int, detail: String)
    /// The interview has no questions to ask (empty prompts file, drill without prompts).
    case noQuestions(source: String)
    /// The prompts file cannot be read.
    case promptsFileUnreadable(path: String, reason: String)
    /// The input is a FIFO, device, socket or folder: refused before any work.
    case notRegularFile(path: String, kind: String)
    /// The input could not be opened or read.
    case cannotReadInput(path: String, reason: String)
    /// An environment variable savvy reads has a value it cannot use.
    case invalidEnvironment(name: String, value: String, rule: String)

    public var errorDescription: String? {
        switch self {
        case let .noSpeech(path):
            return "no speech found in '\(path)': it is silent or only noise; check the microphone and record again"
        case let .voiceUnavailable(detail):
            return "the coach voice cannot speak: \(detail)"
        case let .voiceNotFound(name):
            return "espeak-ng has no voice '\(name)'; list the voices with 'espeak-ng --voices' and pass one with --voice"
        case let .cloudVoiceFailed(detail):
            return "the cloud voice failed: \(detail)"
        case let .invalidVoiceSetting(name, value, rule):
            return "invalid \(name) (\(value)): \(rule)"
        case let .voiceConfigInvalid(source, line, detail):
            return line > 0 ? "\(source) line \(line): \(detail); fix or remove the line"
                : "\(source): \(detail); fix or unset the variable"
        case let .noQuestions(source):
            return "no questions to ask in \(source); add prompts (one per line) or pick a drill with prompts"
        case let .promptsFileUnreadable(path, reason):
            return "cannot read prompts file '\(path)': \(reason); pass a text file with one question per line"
        case let .notRegularFile(path, kind):
            return "'\(path)' is \(kind), not a regular file; savvy reads recordings only from regular files"
        case let .cannotReadInput(path, reason):
            return "cannot read '\(path)': \(reason)"
        case let .invalidEnvironment(name, value, rule):
            return "invalid \(name)='\(value)': \(rule); fix or unset it"
        }
    }
}
