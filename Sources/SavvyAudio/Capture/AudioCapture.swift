import Foundation

/// Records 16 kHz mono audio from an ALSA capture device on a dedicated thread.
///
/// ALSA reads block, so they run on their own `Thread`, never on Swift's cooperative pool. Each
/// block (`blockFrames` frames, 100 ms by default) is converted to Float in −1…1, measured
/// (`level`), appended to a lock-protected FIFO that the caller empties with `drain()`, and passed
/// to the optional `onBlock` callback (called on the capture thread; keep it short).
///
/// The device is opened and configured in `init`, so a missing, busy or forbidden microphone is
/// reported before any countdown starts. On desktops `default` goes through PulseAudio/PipeWire
/// and ALSA's plug layer converts the card's native format to S16_LE mono 16 kHz.
///
/// A running capture thread keeps its `AudioCapture` alive: always call `stop()` (the CLI does
/// so on Ctrl-C as well) — dropping the last reference does not stop the recording.
public final class AudioCapture: @unchecked Sendable {
    /// Called on the capture thread with each block of samples and its level.
    public typealias BlockHandler = @Sendable (_ samples: [Float], _ level: AudioLevel) -> Void

    /// The PCM opened when no device is given.
    public static let defaultDevice = "default"

    /// Samples per second delivered, in Hz (savvy's analysis rate).
    public let sampleRate = AudioFile.targetSampleRate
    /// Frames per read and per callback.
    public let blockFrames: Int
    /// The ALSA PCM name this capture reads from.
    public var device: String { pcm.device }

    private let pcm: ALSAPCM
    private let buffer: CaptureBuffer
    private let lock = NSLock()
    private var thread: Thread?
    private var finished: DispatchSemaphore?
    private var stopRequested = false
    private var lastLevel: AudioLevel?
    private var lastFailure: AudioError?
    private var captured: Int64 = 0
    private var overrunCount = 0

    /// Opens capture PCM `device` from the system ALSA configuration.
    ///
    /// - Parameters:
    ///   - device: ALSA PCM name (`default`, `plughw:1,0`, a name from `arecord -L`).
    ///   - blockFrames: frames per read, 16…160 000 (1 ms…10 s at 16 kHz); default 1600 = 100 ms.
    ///   - bufferSeconds: how much audio the FIFO holds before new blocks are dropped (default 60 s).
    /// - Throws: `captureDeviceNotFound`, `captureDeviceBusy`, `capturePermissionDenied`,
    ///   `captureFailed` (the device cannot deliver 16-bit mono 16 kHz), `invalidParameter`.
    public convenience init(device: String = defaultDevice, blockFrames: Int = 1600, bufferSeconds: Double = 60) throws(AudioError) {
        try Self.validate(blockFrames: blockFrames, bufferSeconds: bufferSeconds)
        try self.init(pcm: ALSAPCM(device: device), blockFrames: blockFrames, bufferSeconds: bufferSeconds)
    }

    /// Opens capture PCM `pcmName` defined in an in-process ALSA configuration string, leaving
    /// the system configuration untouched. Tests use it with the `file` plugin to capture a known
    /// raw fixture through the real ALSA API:
    ///
    ///     pcm.savvytest { type file; slave.pcm { type null }; file "/dev/null";
    ///                     infile "/path/fixture.raw"; format "raw" }
    ///
    /// - Throws: `captureConfigInvalid` when the text does not parse, then as `init(device:)`.
    public convenience init(
        configuration: String, pcmName: String, blockFrames: Int = 1600, bufferSeconds: Double = 60
    ) throws(AudioError) {
        try Self.validate(blockFrames: blockFrames, bufferSeconds: bufferSeconds)
        try self.init(
            pcm: ALSAPCM(configurationText: configuration, name: pcmName), blockFrames: blockFrames, bufferSeconds: bufferSeconds
        )
    }

    private init(pcm: ALSAPCM, blockFrames: Int, bufferSeconds: Double) throws(AudioError) {
        // A 500 ms ALSA ring gives the reader thread slack against scheduling hiccups; it adds
        // no latency to a recording, only to a live meter.
        try pcm.configure(sampleRate: AudioFile.targetSampleRate, channels: 1, latencyMicroseconds: 500_000)
        self.pcm = pcm
        self.blockFrames = blockFrames
        self.buffer = CaptureBuffer(capacity: Int(bufferSeconds * Double(AudioFile.targetSampleRate)))
    }

    deinit {
        stop()
    }

    private static func validate(blockFrames: Int, bufferSeconds: Double) throws(AudioError) {
        guard (16...160_000).contains(blockFrames) else {
            throw .invalidParameter(name: "block size", value: "\(blockFrames) frames", rule: "must be between 16 and 160000 frames")
        }
        guard bufferSeconds.isFinite, bufferSeconds * Double(AudioFile.targetSampleRate) >= Double(blockFrames) else {
            throw .invalidParameter(
                name: "capture buffer", value: "\(bufferSeconds) s", rule: "must hold at least one block (\(blockFrames) frames)"
            )
        }
    }

    /// Level of the most recent block, or `nil` before the first block arrives.
    public var level: AudioLevel? {
        lock.withLock { lastLevel }
    }

    /// The error that ended the capture thread early, if any (the device vanished, a read failed).
    public var failure: AudioError? {
        lock.withLock { lastFailure }
    }

    /// Whether the capture thread is running.
    public var isRunning: Bool {
        lock.withLock { thread != nil && !stopRequested }
    }

    /// Frames read from ALSA since the first `start`.
    public var framesCaptured: Int64 {
        lock.withLock { captured }
    }

    /// Frames that did not fit in the FIFO because `drain()` was not called often enough.
    public var droppedFrames: Int64 {
        buffer.droppedFrames
    }

    /// ALSA overruns recovered so far (audio lost inside ALSA because the thread was late).
    public var overruns: Int {
        lock.withLock { overrunCount }
    }

    /// Removes and returns every captured sample not yet drained, oldest first.
    public func drain() -> [Float] {
        buffer.drain()
    }

    /// Starts the capture thread. Does nothing if it is already running.
    /// - Parameter onBlock: optional callback for every block, on the capture thread.
    public func start(onBlock: BlockHandler? = nil) throws(AudioError) {
        let alreadyRunning = lock.withLock { thread != nil && !stopRequested }
        if alreadyRunning { return }
        // A thread that ended on a read failure is joined before a new one starts.
        stop()
        try pcm.prepare()
        let done = DispatchSemaphore(value: 0)
        let worker = Thread { [self] in
            self.run(onBlock: onBlock)
            done.signal()
        }
        worker.name = "savvy.capture"
        worker.qualityOfService = .userInitiated
        lock.withLock {
            stopRequested = false
            lastFailure = nil
            thread = worker
            finished = done
        }
        worker.start()
    }

    /// Asks the capture thread to end after its current block without waiting for it; `stop()`
    /// then joins it. For a block handler that holds the thread until the owner has decided.
    public func requestStop() {
        lock.withLock {
            if thread != nil { stopRequested = true }
        }
    }

    /// Asks the capture thread to stop after its current block (≤ `blockFrames` of audio) and
    /// waits for it; captured samples stay available to `drain()`.
    public func stop() {
        let done: DispatchSemaphore? = lock.withLock {
            guard thread != nil else { return nil }
            stopRequested = true
            return finished
        }
        guard let done else { return }
        done.wait()
        pcm.drop()
        lock.withLock {
            thread = nil
            finished = nil
        }
    }

    private func run(onBlock: BlockHandler?) {
        var raw = [Int16](repeating: 0, count: blockFrames)
        while !lock.withLock({ stopRequested }) {
            var overrun = false
            let got: Int
            do {
                got = try raw.withUnsafeMutableBufferPointer { pointer throws(AudioError) in
                    try pcm.read(into: pointer.baseAddress!, frames: blockFrames, overrun: &overrun)
                }
            } catch {
                lock.withLock {
                    lastFailure = error
                    stopRequested = true
                }
                return
            }
            if got == 0 { continue }
            var block = [Float](repeating: 0, count: got)
            for index in 0..<got {
                block[index] = Float(raw[index]) / 32_768
            }
            let measured = AudioLevel(block: block)
            buffer.write(block)
            lock.withLock {
                lastLevel = measured
                captured += Int64(got)
                if overrun { overrunCount += 1 }
            }
            onBlock?(block, measured)
        }
    }
}
