import Foundation

/// What one practice recording produced.
struct RecordingResult: Sendable, Equatable {
    /// The 16 kHz mono 16-bit WAV, complete and fsynced. Does not exist when `stopReason` is
    /// `.cancelled`.
    let path: String
    /// Frames in the WAV (16 kHz mono samples).
    let frames: Int64
    /// Length of the WAV in seconds (`frames` ÷ 16 000).
    let durationSeconds: Double
    let stopReason: StopReason
    /// Largest absolute sample of the recording in dBFS (−120 for digital silence or no audio).
    let peakDBFS: Double
    /// Capture blocks (100 ms each) in which a sample reached the 16-bit ceiling.
    let clippedBlocks: Int
    /// The speech threshold in force at the end, in dBFS; `nil` when calibration never finished
    /// (less than `RecordingOptions.calibrationSeconds` recorded).
    let speechThresholdDBFS: Double?
    /// Whether speech (per that threshold) was heard at all — `false` suggests a muted
    /// microphone or the wrong `--device`.
    let speechDetected: Bool
}
