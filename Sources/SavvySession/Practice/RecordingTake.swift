import Foundation
import SavvyAudio
import SavvyFileSystem

/// The shared state of one recording in progress: the WAV being written, the stop detector and
/// the level statistics, behind one lock.
///
/// The capture thread hands every block to `consume` and the block is appended to the WAV right
/// there, so the file on disk is complete up to the last block even if the process dies. Once a
/// stop is decided — by the detector on the capture thread, or by Enter/Ctrl-C on another —
/// later blocks are discarded, so the WAV ends exactly where the decision was made.
final class RecordingTake: @unchecked Sendable {
    /// What the status line needs, read under the lock.
    struct Progress {
        var frames: Int64
        var levelDBFS: Double?
        var thresholdDBFS: Double?
        /// A block clipped within the last second of audio.
        var clippingRecently: Bool
        var silenceFrames: Int64
        var speechStarted: Bool
    }

    /// Signalled once, when the first stop reason is recorded.
    let stopped = DispatchSemaphore(value: 0)
    let sampleRate: Int

    private let lock = NSLock()
    private let writer: WAVWriter
    private var detector: StopDetector
    private var reason: StopReason?
    private var writeFailure: AudioError?
    private var peak: Float = 0
    private var clippedBlocks = 0
    private var lastClipFrame: Int64?
    private var lastLevelDBFS: Double?

    init(writer: WAVWriter, detector: StopDetector) {
        self.writer = writer
        self.detector = detector
        self.sampleRate = detector.sampleRate
    }

    /// Appends the part of `block` the detector keeps to the WAV. Returns the samples kept, or
    /// an empty array when the recording has already stopped. Called on the capture thread.
    func consume(_ block: [Float], level: AudioLevel) -> [Float] {
        lock.lock()
        defer { lock.unlock() }
        guard reason == nil else { return [] }
        let decision = detector.consume(count: block.count, levelDBFS: level.rmsDBFS)
        let kept = decision.keepFrames == block.count ? block : Array(block.prefix(decision.keepFrames))
        if !kept.isEmpty {
            do {
                try writer.append(kept)
            } catch {
                writeFailure = error
                // Any reason ends the wait in `record()`; `finish` then throws this failure.
                record(.userStopped)
                return []
            }
            let keptLevel = kept.count == block.count ? level : AudioLevel(block: kept)
            peak = max(peak, keptLevel.peak)
            lastLevelDBFS = keptLevel.rmsDBFS
            if keptLevel.clipped {
                clippedBlocks += 1
                lastClipFrame = detector.frames
            }
        }
        if let stop = decision.stop { record(stop) }
        return kept
    }

    /// Records `stop` unless a reason is already set (the first one wins). Any thread.
    func requestStop(_ stop: StopReason) {
        lock.withLock { record(stop) }
    }

    /// The reason the recording stopped, or `nil` while it runs.
    var stopReason: StopReason? {
        lock.withLock { reason }
    }

    /// Frames appended to the WAV so far.
    var frames: Int64 {
        lock.withLock { writer.framesWritten }
    }

    var progress: Progress {
        lock.withLock {
            Progress(
                frames: writer.framesWritten,
                levelDBFS: lastLevelDBFS,
                thresholdDBFS: detector.thresholdDBFS,
                clippingRecently: lastClipFrame.map { writer.framesWritten - $0 < Int64(sampleRate) } ?? false,
                silenceFrames: detector.silentRunFrames,
                speechStarted: detector.speechStarted
            )
        }
    }

    /// Closes and fsyncs the WAV (call after the capture thread has been joined) and builds the
    /// result. A failed write removes the file and throws: the disk filled or vanished, and a
    /// recording cut at an arbitrary point must not be scored as if it were the answer.
    func finish(path: String) throws(AudioError) -> RecordingResult {
        let (failure, stop) = lock.withLock { (writeFailure, reason ?? .userStopped) }
        if let failure {
            try? writer.finish()
            RawPath.unlink(path)
            throw failure
        }
        do {
            try writer.finish()
        } catch {
            RawPath.unlink(path)
            throw error
        }
        let frames = writer.framesWritten
        return lock.withLock {
            RecordingResult(
                path: path,
                frames: frames,
                durationSeconds: Double(frames) / Double(sampleRate),
                stopReason: stop,
                peakDBFS: peak > 0 ? max(AudioLevel.silenceFloorDBFS, 20 * log10(Double(peak))) : AudioLevel.silenceFloorDBFS,
                clippedBlocks: clippedBlocks,
                speechThresholdDBFS: detector.thresholdDBFS,
                speechDetected: detector.speechStarted
            )
        }
    }

    /// Closes the WAV and removes it: nothing was recorded that anyone wants kept.
    func discard(path: String) {
        try? writer.finish()
        RawPath.unlink(path)
    }

    /// Must be called with the lock held.
    private func record(_ stop: StopReason) {
        guard reason == nil else { return }
        reason = stop
        stopped.signal()
    }
}
