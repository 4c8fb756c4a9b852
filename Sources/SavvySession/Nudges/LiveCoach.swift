import Foundation
import SavvyASR

/// The live side of a recording: pocketsphinx's provisional transcript, and from it the rolling
/// pace, the filler counter and nudges (`LiveNudges`), wired into a `PracticeRecorder`.
///
/// Display only: the stored transcript and numbers come from the finished recording.
public final class LiveCoach: @unchecked Sendable {
    /// How long a nudge stays on the status line, seconds of audio.
    public static let nudgeShownSeconds = 3.0

    private let transcriber: LiveTranscriber
    private let lock = NSLock()
    private var nudges: LiveNudges
    private let nudging: Bool

    /// - Parameter nudges: give nudges (pace and fillers are shown either way).
    /// - Throws: when pocketsphinx cannot start (the caller goes on without live feedback).
    public init(nudges: Bool, settings: LiveNudges.Settings = LiveNudges.Settings()) throws {
        transcriber = try LiveTranscriber()
        self.nudges = LiveNudges(settings: settings)
        nudging = nudges
    }

    /// Feeds the recorder's audio to the recogniser and shows the readings on its status line.
    public func attach(to recorder: PracticeRecorder) {
        let transcriber = self.transcriber
        recorder.blockObserver = { transcriber.feed($0) }
        recorder.partialTranscript = { transcriber.partial }
        recorder.liveReading = { [self] elapsed in reading(at: elapsed) }
    }

    /// Stops the recogniser; call when the recording ends.
    public func finish() {
        transcriber.finish()
    }

    /// The reading at audio time `elapsed`.
    func reading(at elapsed: Double) -> LiveReading {
        let partial = transcriber.partial ?? ""
        return lock.withLock {
            _ = nudges.observe(partial: partial, at: elapsed)
            let shown = nudging ? nudges.latest.flatMap { elapsed - $0.at < Self.nudgeShownSeconds ? $0 : nil } : nil
            return LiveReading(wordsPerMinute: nudges.wordsPerMinute(at: elapsed), fillerCount: nudges.fillerCount, nudge: shown)
        }
    }
}
