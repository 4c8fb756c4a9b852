import Foundation

/// Every way the delivery DSP can refuse its input or configuration.
///
/// Messages are one lower-case line naming the offending value and what to do next; the CLI
/// prints them after `savvy: error:`.
public enum DSPError: Error, Equatable, Sendable {
    /// The analysis runs on 16 kHz mono only; the caller must resample first.
    case unsupportedSampleRate(Int)
    /// No samples at all.
    case emptyInput
    /// A NaN or infinite sample at the given index (a decoder bug or a corrupt file).
    case nonFiniteSample(index: Int)
    /// A configuration parameter broke its rule (name, offending value, the rule).
    case invalidConfiguration(parameter: String, value: Double, rule: String)
    /// FFTW could not build a plan for the given transform size.
    case fftPlanFailed(size: Int)
}

extension DSPError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unsupportedSampleRate(let rate):
            return "cannot analyse audio at \(rate) Hz: delivery analysis needs 16000 Hz mono; resample the audio to 16 kHz first"
        case .emptyInput:
            return "cannot analyse an empty recording: it has no samples; record or choose a file with audio in it"
        case .nonFiniteSample(let index):
            return "cannot analyse audio: sample \(index) is not a finite number; re-decode or re-record the file"
        case .invalidConfiguration(let parameter, let value, let rule):
            return "invalid dsp setting '\(parameter)' (\(value)): \(rule); fix the value or use the default"
        case .fftPlanFailed(let size):
            return "fftw could not create a plan for a \(size)-point transform; check the libfftw3 installation"
        }
    }
}
