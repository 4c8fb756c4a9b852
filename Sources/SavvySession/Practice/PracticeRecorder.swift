@preconcurrency import Glibc
import Foundation
import SavvyAudio

/// Records one practice answer from a capture device into a crash-safe WAV, with a countdown,
/// a live status line on a terminal, and every way of stopping the command offers.
///
/// Threads: ALSA reads run on `AudioCapture`'s thread, which also appends each 100 ms block to
/// the WAV and runs the `StopDetector` (so stops land on exact frames whatever the delivery
/// speed); stdin is watched on its own thread (`EnterKeyWatcher`); `record()` itself, on the
/// caller's thread, waits for a stop, polls Ctrl-C and capture failures every 50 ms and redraws
/// the status line ten times a second.
///
/// Stops: Enter (stdin a terminal or a pipe; see `EnterKeyWatcher` for why `/dev/null` and
/// end-of-file on a pipe do not stop), Ctrl-C (`.interrupted`, the audio kept), `maxSeconds`,
/// silence after speech, `requestStop()`, or the device failing (`.sourceEnded`). Errors opening
/// the device propagate before the countdown; if capture fails before any audio was recorded,
/// the empty WAV is removed and the error thrown.
public final class PracticeRecorder: @unchecked Sendable {
    /// Which outside events may stop the recording.
    public struct StopSources: Sendable, Equatable {
        /// Descriptor on which Enter stops the recording (`nil`: none). Only watched when it is
        /// a terminal or a pipe.
        public var enterKeyDescriptor: Int32?
        /// Catch Ctrl-C (SIGINT) for the recording's duration and keep the audio.
        public var handlesInterrupt: Bool

        /// stdin and Ctrl-C, for the CLI.
        public static let interactive = StopSources(enterKeyDescriptor: STDIN_FILENO, handlesInterrupt: true)
        /// Neither: only the options and `requestStop()` end the recording.
        public static let none = StopSources(enterKeyDescriptor: nil, handlesInterrupt: false)
    }

    /// Returns the current provisional transcript (or `nil`), called on `record()`'s thread at
    /// each redraw.
    public typealias PartialTranscript = @Sendable () -> String?
    /// Returns the live delivery reading at an audio time (seconds), called on `record()`'s
    /// thread at each redraw.
    public typealias LiveStatus = @Sendable (_ elapsedSeconds: Double) -> LiveReading?
    /// Receives every block kept in the WAV, on the capture thread (keep it short: it delays the
    /// next ALSA read). For feeding a streaming recogniser.
    public typealias BlockObserver = @Sendable (_ samples: [Float]) -> Void

    /// Frames per capture block: 100 ms at 16 kHz, the granularity of every stop and meter update.
    public static let blockFrames = 1_600
    /// Seconds per countdown step (3, 2, 1).
    static let countdownStepSeconds = 1.0
    /// How often `record()` checks for Ctrl-C and capture failures, in seconds.
    static let pollSeconds = 0.05
    /// How often the status line is redrawn, in seconds.
    static let redrawSeconds = 0.1

    public let source: CaptureSource
    public let outputPath: String
    public let options: RecordingOptions
    public let stopSources: StopSources
    private let display: any RecordingDisplay

    private let lock = NSLock()
    private var stopRequested = false
    private var take: RecordingTake?
    private var partial: PartialTranscript?
    private var observer: BlockObserver?
    private var live: LiveStatus?

    /// - Parameters:
    ///   - source: the ALSA device or in-process configuration to capture from.
    ///   - outputPath: the WAV to create (overwritten if it exists); its folder must exist.
    ///   - options: countdown, limits, speech threshold, drill target.
    ///   - display: where the countdown, status and result are reported (the CLI draws them on
    ///     a terminal).
    ///   - stopSources: Enter and Ctrl-C handling (`.interactive` for the CLI).
    public init(
        source: CaptureSource, outputPath: String, options: RecordingOptions,
        display: any RecordingDisplay, stopSources: StopSources = .interactive
    ) {
        self.source = source
        self.outputPath = outputPath
        self.options = options
        self.display = display
        self.stopSources = stopSources
    }

    /// The live provisional transcript shown dim at the end of the status line. Set it before
    /// `record()`.
    public var partialTranscript: PartialTranscript? {
        get { lock.withLock { partial } }
        set { lock.withLock { partial = newValue } }
    }

    /// Live pace, fillers and nudges for the status line. Set it before `record()`.
    public var liveReading: LiveStatus? {
        get { lock.withLock { live } }
        set { lock.withLock { live = newValue } }
    }

    /// Called with every block written to the WAV. Set it before `record()`.
    public var blockObserver: BlockObserver? {
        get { lock.withLock { observer } }
        set { lock.withLock { observer = newValue } }
    }

    /// Frames written to the WAV so far (0 before recording starts). Any thread.
    public var framesRecorded: Int64 {
        lock.withLock { take }?.frames ?? 0
    }

    /// Stops the recording as if Enter had been pressed (during the countdown: cancels it).
    /// Any thread.
    public func requestStop() {
        let current = lock.withLock { () -> RecordingTake? in
            stopRequested = true
            return take
        }
        current?.requestStop(.userStopped)
    }

    /// Opens the device, counts down, records until a stop, and finishes the WAV.
    ///
    /// - Returns: the WAV's path and length and why it stopped. With `.cancelled` (Ctrl-C during
    ///   the countdown) no file is left behind.
    /// - Throws: `AudioError` — invalid options; the device missing, busy or forbidden (before
    ///   the countdown); the WAV not writable; capture failing before any audio; a write
    ///   failing mid-recording (the partial file is removed).
    public func record() throws(AudioError) -> RecordingResult {
        try options.validate()
        return try record(on: source.open(blockFrames: Self.blockFrames))
    }

    /// As `record()`, on a capture the caller opened (from `source`) and keeps between takes.
    ///
    /// The interview records every answer through one open capture: a device is then opened
    /// once per interview, and a test's `file`-plugin source is read on from where the previous
    /// answer stopped instead of from its start. The capture is stopped, not closed, at the end.
    public func record(on capture: AudioCapture) throws(AudioError) -> RecordingResult {
        try options.validate()
        let writer = try WAVWriter(path: outputPath, sampleRate: capture.sampleRate, encoding: .pcm16)
        let take = RecordingTake(writer: writer, detector: StopDetector(sampleRate: capture.sampleRate, options: options))
        let trap = stopSources.handlesInterrupt ? InterruptTrap() : nil
        defer { trap?.restore() }
        let terminal = display.isLive

        if options.countdown, !countDown(trap: trap, terminal: terminal) {
            take.discard(path: outputPath)
            if terminal { display.clearLive() }
            return RecordingResult(
                path: outputPath, frames: 0, durationSeconds: 0, stopReason: .cancelled,
                peakDBFS: AudioLevel.silenceFloorDBFS, clippedBlocks: 0, speechThresholdDBFS: nil, speechDetected: false
            )
        }

        let observer = blockObserver
        let pace = source.needsPacing
        let rate = Double(capture.sampleRate)
        // Once the take has stopped, the capture thread waits here instead of reading on: a
        // source faster than real time (the `file` plugin) would otherwise consume seconds of
        // audio past the stop before `capture.stop()`, and the next take on the same capture
        // (the interview's next answer) would start too late. Released after `requestStop()`.
        let hold = DispatchSemaphore(value: 0)
        do {
            try capture.start { block, level in
                let kept = take.consume(block, level: level)
                if !kept.isEmpty {
                    observer?(kept)
                    if pace { Thread.sleep(forTimeInterval: Double(block.count) / rate) }
                }
                if take.stopReason != nil { hold.wait() }
            }
        } catch {
            take.discard(path: outputPath)
            throw error
        }
        let alreadyStopped = lock.withLock { () -> Bool in
            self.take = take
            return stopRequested
        }
        if alreadyStopped { take.requestStop(.userStopped) }
        let watcher = stopSources.enterKeyDescriptor.flatMap { descriptor in
            EnterKeyWatcher(descriptor: descriptor) { take.requestStop(.userStopped) }
        }
        display.started(stops: RecordingStops(
            enterKey: watcher != nil, interrupt: trap != nil,
            silenceSeconds: options.silenceSeconds, maxSeconds: options.maxSeconds))

        var lastDraw = Date.distantPast
        while take.stopReason == nil {
            if trap?.wasRaised == true { take.requestStop(.interrupted) }
            if let failure = capture.failure { take.requestStop(.sourceEnded(failure)) }
            if terminal, Date().timeIntervalSince(lastDraw) >= Self.redrawSeconds {
                display.status(snapshot(of: take, rate: rate))
                lastDraw = Date()
            }
            _ = take.stopped.wait(timeout: .now() + Self.pollSeconds)
        }
        capture.requestStop()
        hold.signal()
        capture.stop()
        watcher?.stop()
        trap?.restore()
        lock.withLock { self.take = nil }

        if case .sourceEnded(let failure) = take.stopReason, take.frames == 0 {
            take.discard(path: outputPath)
            if terminal { display.clearLive() }
            throw failure
        }
        let result = try take.finish(path: outputPath)
        display.finished(result, last: terminal ? snapshot(of: take, rate: rate) : nil)
        return result
    }

    /// 3, 2, 1 on one line; `false` when Ctrl-C or `requestStop()` cancelled it.
    private func countDown(trap: InterruptTrap?, terminal: Bool) -> Bool {
        for step in [3, 2, 1] {
            if terminal { display.countdown(step: step) }
            let until = Date().addingTimeInterval(Self.countdownStepSeconds)
            while Date() < until {
                if trap?.wasRaised == true || lock.withLock({ stopRequested }) { return false }
                Thread.sleep(forTimeInterval: min(Self.pollSeconds, max(0, until.timeIntervalSinceNow)))
            }
        }
        if terminal { display.clearLive() }
        return true
    }

    private func snapshot(of take: RecordingTake, rate: Double) -> RecordingSnapshot {
        let progress = take.progress
        let counting = options.silenceSeconds != nil && progress.speechStarted && progress.silenceFrames > 0
        let elapsed = Double(progress.frames) / rate
        return RecordingSnapshot(
            elapsedSeconds: elapsed,
            targetSeconds: options.targetSeconds,
            levelDBFS: progress.levelDBFS,
            thresholdDBFS: progress.thresholdDBFS,
            clipping: progress.clippingRecently,
            silenceSeconds: counting ? Double(progress.silenceFrames) / rate : nil,
            partialTranscript: partialTranscript?(),
            live: liveReading?(elapsed)
        )
    }
}
