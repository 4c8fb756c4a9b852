import Foundation

/// Decides, block by block, how much of the captured audio to keep and whether the recording
/// should stop on its own: at `maxSeconds`, after `silenceSeconds` of silence once speech has
/// started, or at `noSpeechSeconds` when speech never started.
///
/// Everything is counted in frames of audio, not wall-clock time, so a source that delivers
/// faster than real time (a file in tests) stops at the same sample a live microphone would.
/// Deterministic: the same sequence of blocks and levels gives the same decisions.
///
/// Speech is a block whose RMS level is above the threshold. With a calibrated threshold the
/// first `RecordingOptions.calibrationSeconds` of blocks are held back until the noise floor is
/// known, then judged in order, so speech that starts at once is still seen.
struct StopDetector {
    /// The frame at which a stop happened and why.
    struct Decision: Equatable {
        /// Frames of the block to keep (the block is cut short when it crosses `maxSeconds`).
        let keepFrames: Int
        /// Set when the recording must end after these frames.
        let stop: StopReason?
    }

    let sampleRate: Int
    private let maxFrames: Int64?
    private let silenceFrames: Int64?
    private let noSpeechFrames: Int64?
    private let minimumSpeechFrames: Int64
    private let calibrationFrames: Int64
    private let margin: Double
    private let floor: Double

    /// The level that counts as speech, in dBFS; `nil` while still calibrating.
    private(set) var thresholdDBFS: Double?
    /// Frames kept so far.
    private(set) var frames: Int64 = 0
    /// Whether at least `minimumSpeechSeconds` of continuous speech has been heard.
    private(set) var speechStarted = false
    /// Continuous silence since the last speech block, in frames (0 before speech starts).
    private(set) var silentRunFrames: Int64 = 0

    private var loudRunFrames: Int64 = 0
    private var pending: [(frames: Int, levelDBFS: Double)] = []
    private var quietestDBFS = Double.infinity

    init(sampleRate: Int, options: RecordingOptions) {
        self.sampleRate = sampleRate
        let rate = Double(sampleRate)
        maxFrames = options.maxSeconds.map { max(1, Int64(($0 * rate).rounded())) }
        silenceFrames = options.silenceSeconds.map { max(1, Int64(($0 * rate).rounded())) }
        noSpeechFrames = options.noSpeechSeconds.map { max(1, Int64(($0 * rate).rounded())) }
        minimumSpeechFrames = Int64((options.minimumSpeechSeconds * rate).rounded())
        switch options.speechThreshold {
        case .fixed(let level):
            thresholdDBFS = level
            calibrationFrames = 0
            margin = 0
            floor = level
        case .calibrated(let marginDB, let floorDBFS):
            calibrationFrames = Int64((RecordingOptions.calibrationSeconds * rate).rounded())
            margin = marginDB
            floor = floorDBFS
        }
    }

    /// Takes the next captured block: `count` frames whose RMS level is `levelDBFS`.
    mutating func consume(count: Int, levelDBFS: Double) -> Decision {
        var keep = count
        if let maxFrames {
            keep = Int(min(Int64(count), max(0, maxFrames - frames)))
        }
        frames += Int64(keep)
        var stop: StopReason?
        if keep > 0 {
            if thresholdDBFS == nil {
                pending.append((keep, levelDBFS))
                quietestDBFS = min(quietestDBFS, levelDBFS)
                if frames >= calibrationFrames {
                    stop = finishCalibration()
                }
            } else {
                stop = judge(frames: keep, levelDBFS: levelDBFS)
            }
        }
        if stop == nil, !speechStarted, let noSpeechFrames, frames >= noSpeechFrames {
            stop = .noSpeech
        }
        if stop == nil, let maxFrames, frames >= maxFrames {
            stop = .maxDuration
        }
        return Decision(keepFrames: keep, stop: stop)
    }

    /// Fixes the threshold from the quietest calibration block, then judges the held blocks.
    private mutating func finishCalibration() -> StopReason? {
        thresholdDBFS = max(quietestDBFS + margin, floor)
        let held = pending
        pending = []
        var stop: StopReason?
        for block in held where stop == nil {
            stop = judge(frames: block.frames, levelDBFS: block.levelDBFS)
        }
        return stop
    }

    private mutating func judge(frames count: Int, levelDBFS: Double) -> StopReason? {
        guard let thresholdDBFS else { return nil }
        if levelDBFS > thresholdDBFS {
            loudRunFrames += Int64(count)
            if loudRunFrames >= minimumSpeechFrames { speechStarted = true }
            silentRunFrames = 0
            return nil
        }
        loudRunFrames = 0
        guard speechStarted else { return nil }
        silentRunFrames += Int64(count)
        if let silenceFrames, silentRunFrames >= silenceFrames { return .silence }
        return nil
    }
}
