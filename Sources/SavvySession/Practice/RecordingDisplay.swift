import Foundation

/// Everything a live status line can show, sampled once per redraw while recording.
public struct RecordingSnapshot: Sendable, Equatable {
    public var elapsedSeconds: Double
    public var targetSeconds: Double?
    /// RMS of the most recent block in dBFS, `nil` before the first block.
    public var levelDBFS: Double?
    public var thresholdDBFS: Double?
    /// A block clipped within the last second of audio.
    public var clipping: Bool
    /// Silence counted towards the auto-stop, in seconds (`nil`: not counting).
    public var silenceSeconds: Double?
    /// Provisional transcript text, if a live recogniser supplies one.
    public var partialTranscript: String?
    /// Live pace, filler count and nudge, when a live recogniser runs.
    public var live: LiveReading?

    public init(
        elapsedSeconds: Double, targetSeconds: Double? = nil, levelDBFS: Double? = nil, thresholdDBFS: Double? = nil,
        clipping: Bool = false, silenceSeconds: Double? = nil, partialTranscript: String? = nil, live: LiveReading? = nil
    ) {
        self.elapsedSeconds = elapsedSeconds
        self.targetSeconds = targetSeconds
        self.levelDBFS = levelDBFS
        self.thresholdDBFS = thresholdDBFS
        self.clipping = clipping
        self.silenceSeconds = silenceSeconds
        self.partialTranscript = partialTranscript
        self.live = live
    }
}

/// Which stops are in force once capture starts, for the one-line instruction a front end shows.
public struct RecordingStops: Sendable, Equatable {
    /// Enter stops the recording.
    public var enterKey: Bool
    /// Ctrl-C stops the recording (and keeps the audio).
    public var interrupt: Bool
    /// Auto-stop after this much silence once speech started, in seconds.
    public var silenceSeconds: Double?
    /// Auto-stop at this length, in seconds.
    public var maxSeconds: Double?
}

/// Where `PracticeRecorder` reports what happens, so the library never prints: the CLI draws a
/// countdown and a status line on a terminal; tests and other front ends record the events.
///
/// Called on `record()`'s thread only, never concurrently.
public protocol RecordingDisplay: AnyObject {
    /// Whether the live parts (countdown, status line) are drawn at all; when false only
    /// `started` and `finished` are called.
    var isLive: Bool { get }
    /// One countdown step (3, 2, 1).
    func countdown(step: Int)
    /// The countdown ended or was cancelled: clear whatever it drew.
    func clearLive()
    /// Capture started; `stops` says how it will end.
    func started(stops: RecordingStops)
    /// A redraw of the live status (only when `isLive`).
    func status(_ snapshot: RecordingSnapshot)
    /// The recording ended and its WAV is complete; `last` is the final status when live.
    func finished(_ result: RecordingResult, last: RecordingSnapshot?)
}
