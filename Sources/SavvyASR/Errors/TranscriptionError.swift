import Foundation

/// Everything that can go wrong while turning audio into a `Transcript`.
///
/// Each case carries the value that failed (a path, a code, a number) so that the single line from
/// `errorDescription` tells the user what broke and what to do next. No case carries transcript
/// text: what the speaker said never appears in an error.
public enum TranscriptionError: Error, Equatable, LocalizedError {
    /// The engine only accepts one sample rate (16 kHz for both engines here).
    case unsupportedSampleRate(engine: String, got: Int, expected: Int)
    /// No samples at all were handed to the engine.
    case emptyAudio(engine: String)
    /// A model file or directory the engine needs is not on disk.
    case modelMissing(engine: String, path: String, fix: String)
    /// A pocketsphinx C call failed; `step` names the call, `code` is its return value.
    case decoderFailed(step: String, code: Int32)
    /// The Whisper virtual environment (its `bin/python3`) is not where savvy looks for it.
    case whisperNotInstalled(venv: String)
    /// The Whisper worker process could not be started.
    case workerLaunchFailed(python: String, reason: String)
    /// The Whisper worker exited or closed its output; `detail` is the last line it wrote to stderr.
    case workerCrashed(status: Int32?, detail: String)
    /// The Whisper worker did not answer within `seconds`.
    case workerTimeout(seconds: Double)
    /// The Whisper worker answered with something that is not the expected JSON line.
    case workerProtocol(detail: String)
    /// The Whisper worker reported an error while transcribing (e.g. a decode failure).
    case workerReported(detail: String)
    /// A temporary file for the worker (script or audio) could not be written.
    case temporaryFile(path: String, reason: String)
    /// A tuning value is out of range.
    case invalidSetting(name: String, value: String, rule: String)
    /// `--asr` (or a config value) named an engine that does not exist.
    case unknownEngine(String)

    public var errorDescription: String? {
        switch self {
        case let .unsupportedSampleRate(engine, got, expected):
            return "\(engine) needs \(expected) Hz audio but got \(got) Hz; resample the samples before transcribing"
        case let .emptyAudio(engine):
            return "\(engine) got no audio samples; record or pass a file that contains sound"
        case let .modelMissing(engine, path, fix):
            return "\(engine) model not found at '\(path)'; \(fix)"
        case let .decoderFailed(step, code):
            return "pocketsphinx failed in \(step) (code \(code)); check the model files with 'savvy doctor' or use --asr whisper"
        case let .whisperNotInstalled(venv):
            return "whisper is not installed (no python in '\(venv)'): run 'make venv', set SAVVY_VENV, or use --asr pocketsphinx"
        case let .workerLaunchFailed(python, reason):
            return "cannot start the whisper worker with '\(python)' (\(reason)); run 'make venv' again or use --asr pocketsphinx"
        case let .workerCrashed(status, detail):
            let code = status.map { " with status \($0)" } ?? ""
            let tail = detail.isEmpty ? "" : " (\(detail))"
            return "the whisper worker exited\(code)\(tail); run 'make venv' again or use --asr pocketsphinx"
        case let .workerTimeout(seconds):
            return "the whisper worker did not answer within \(Int(seconds.rounded())) s; try a shorter recording or use --asr pocketsphinx"
        case let .workerProtocol(detail):
            return "the whisper worker sent an unexpected reply (\(detail)); run 'make venv' again or use --asr pocketsphinx"
        case let .workerReported(detail):
            return "the whisper worker failed (\(detail)); check the audio or use --asr pocketsphinx"
        case let .temporaryFile(path, reason):
            return "cannot write temporary file '\(path)' (\(reason)); check free space and TMPDIR"
        case let .invalidSetting(name, value, rule):
            return "\(name) (\(value)) \(rule); fix the setting"
        case let .unknownEngine(name):
            return "unknown speech engine '\(name)'; use one of auto, pocketsphinx, whisper"
        }
    }
}
