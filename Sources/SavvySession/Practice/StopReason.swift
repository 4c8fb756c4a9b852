import Foundation
import SavvyAudio

/// Why a practice recording ended.
public enum StopReason: Sendable, Equatable {
    /// Enter was pressed (or `PracticeRecorder.requestStop()` was called).
    case userStopped
    /// Ctrl-C (SIGINT). The audio up to that moment is kept and the WAV is complete.
    case interrupted
    /// Ctrl-C during the countdown, before any audio: the WAV was removed.
    case cancelled
    /// `RecordingOptions.maxSeconds` of audio were recorded.
    case maxDuration
    /// `RecordingOptions.silenceSeconds` of silence followed speech.
    case silence
    /// No speech started within `RecordingOptions.noSpeechSeconds` (a muted microphone, the
    /// wrong device, nobody there). The take is worth nothing and is removed.
    case noSpeech
    /// The capture device stopped delivering audio (unplugged, a read failed) after some audio
    /// was recorded; the audio so far is kept and the error says what happened.
    case sourceEnded(AudioError)

    /// A short lower-case phrase for the status line ("stopped: …").
    public var summary: String {
        switch self {
        case .userStopped: return "stopped"
        case .interrupted: return "interrupted"
        case .cancelled: return "cancelled before recording"
        case .maxDuration: return "reached the maximum length"
        case .silence: return "stopped after silence"
        case .noSpeech: return "nobody spoke"
        case .sourceEnded: return "the input stopped"
        }
    }
}
