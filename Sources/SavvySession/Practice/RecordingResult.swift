import Foundation

/// What one practice recording produced.
public struct RecordingResult: Sendable, Equatable {
    /// The 16 kHz mono 16-bit WAV, complete and fsynced. Does not exist when `stopReason` is
    /// `.cancelled`.
    public let path: String
    /// Frames in the WAV (16 kHz mono samples).
    public let frames: Int64
    /// Length of the WAV in seconds (`frames` ÷ 16 000).
    public let durationSeconds: Double
    public let stopReason: StopReason
    /// Largest absolute sample of the recording in dBFS (−120 for digital silence or no audio).
    public let peakDBFS: Double
    /// Capture blocks (100 ms each) in which a sample reached the 16-bit ceiling.
    public let clippedBlocks: Int
    /// The speech threshold in force at the end, in dBFS; `nil` when calibration never finished
    /// (less than `RecordingOptions.calibrationSeconds` recorded).
    public let speechThresholdDBFS: Double?
    /// Whether speech (per that threshold) was heard at all — `false` suggests a muted
    /// microphone or the wrong `--device`.
    public let speechDetected: Bool

    public init(path: String, frames: Int64, durationSeconds: Double, stopReason: StopReason, peakDBFS: Double,
                clippedBlocks: Int, speechThresholdDBFS: Double?, speechDetected: Bool) {
        self.path = path
        self.frames = frames
        self.durationSeconds = durationSeconds
        self.stopReason = stopReason
        self.peakDBFS = peakDBFS
        self.clippedBlocks = clippedBlocks
        self.speechThresholdDBFS = speechThresholdDBFS
        self.speechDetected = speechDetected
    }
}
