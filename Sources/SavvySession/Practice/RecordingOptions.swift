import Foundation
import SavvyAudio

/// How one practice recording starts and when it stops by itself.
///
/// Every duration is measured in audio time (frames captured ÷ 16 000), never the wall clock: a
/// real microphone delivers audio in real time so the two agree, while a test source that reads
/// a file can deliver a minute of audio in a few milliseconds and must still stop at the same
/// sample.
public struct RecordingOptions: Sendable, Equatable {
    /// How the level that counts as speech is chosen.
    public enum SpeechThreshold: Sendable, Equatable {
        /// A fixed level in dBFS (block RMS): louder blocks are speech. For a room whose noise
        /// the calibration would misjudge (someone already talking when recording starts).
        case fixed(dBFS: Double)
        /// The quietest 100 ms block of the first `RecordingOptions.calibrationSeconds` is taken
        /// as the room's noise floor; speech is `marginDB` above it, and never below `floorDBFS`
        /// (a muted or digitally silent input would otherwise call any hiss speech).
        case calibrated(marginDB: Double, floorDBFS: Double)

        /// 12 dB above the room, at least −60 dBFS: conversational speech at arm's length from a
        /// laptop microphone sits around −35…−20 dBFS RMS, room noise around −70…−50 dBFS.
        public static let standard = SpeechThreshold.calibrated(marginDB: 12, floorDBFS: -60)
    }

    /// Audio at the start of a recording used to measure the room's noise floor, in seconds.
    public static let calibrationSeconds = 0.5

    /// Show a 3-2-1 countdown (one second each) before capture starts.
    public var countdown = true
    /// Stop after this much audio, in seconds (`nil`: no limit). The WAV holds exactly this many
    /// seconds (rounded to a frame) when the limit is what stopped it.
    public var maxSeconds: Double?
    /// Stop after this much continuous silence once speech has started, in seconds (`nil`: never
    /// stop on silence). The stop lands within one capture block (100 ms) after the limit.
    public var silenceSeconds: Double?
    /// What counts as speech for the silence auto-stop and the meter's colour.
    public var speechThreshold = SpeechThreshold.standard
    /// Speech has started once this much continuous audio is above the threshold, in seconds, so
    /// a cough, a click or a bumped desk does not arm the silence auto-stop (default 0.2 s: two
    /// blocks, shorter than one stressed syllable).
    public var minimumSpeechSeconds = 0.2
    /// The drill's target length in seconds, shown next to the elapsed time (`nil`: none).
    public var targetSeconds: Double?
    /// Stop when no speech has started after this much audio, in seconds (`nil`: never). A
    /// muted microphone or a device that delivers only silence would otherwise record until the
    /// maximum length.
    public var noSpeechSeconds: Double?

    public init(
        countdown: Bool = true, maxSeconds: Double? = nil, silenceSeconds: Double? = nil,
        speechThreshold: SpeechThreshold = .standard, minimumSpeechSeconds: Double = 0.2, targetSeconds: Double? = nil,
        noSpeechSeconds: Double? = nil
    ) {
        self.noSpeechSeconds = noSpeechSeconds
        self.countdown = countdown
        self.maxSeconds = maxSeconds
        self.silenceSeconds = silenceSeconds
        self.speechThreshold = speechThreshold
        self.minimumSpeechSeconds = minimumSpeechSeconds
        self.targetSeconds = targetSeconds
    }

    /// Checks every value against its rule, naming the value in the error.
    public func validate() throws(AudioError) {
        if let maxSeconds, !(maxSeconds.isFinite && maxSeconds > 0) {
            throw .invalidParameter(name: "maximum recording length", value: "\(maxSeconds) s", rule: "must be a positive number of seconds")
        }
        if let silenceSeconds, !(silenceSeconds.isFinite && silenceSeconds > 0) {
            throw .invalidParameter(name: "silence auto-stop", value: "\(silenceSeconds) s", rule: "must be a positive number of seconds")
        }
        if let noSpeechSeconds, !(noSpeechSeconds.isFinite && noSpeechSeconds > 0) {
            throw .invalidParameter(name: "no-speech timeout", value: "\(noSpeechSeconds) s", rule: "must be a positive number of seconds")
        }
        if let targetSeconds, !(targetSeconds.isFinite && targetSeconds > 0) {
            throw .invalidParameter(name: "target length", value: "\(targetSeconds) s", rule: "must be a positive number of seconds")
        }
        guard minimumSpeechSeconds.isFinite, minimumSpeechSeconds >= 0 else {
            throw .invalidParameter(name: "minimum speech length", value: "\(minimumSpeechSeconds) s", rule: "must be zero or more seconds")
        }
        switch speechThreshold {
        case .fixed(let level):
            guard level.isFinite, level <= 0 else {
                throw .invalidParameter(name: "speech threshold", value: "\(level) dBFS", rule: "must be at most 0 dBFS (e.g. -40)")
            }
        case .calibrated(let margin, let floor):
            guard margin.isFinite, margin >= 0 else {
                throw .invalidParameter(name: "speech margin", value: "\(margin) dB", rule: "must be zero or more decibels above the room noise")
            }
            guard floor.isFinite, floor <= 0 else {
                throw .invalidParameter(name: "speech threshold floor", value: "\(floor) dBFS", rule: "must be at most 0 dBFS")
            }
        }
    }
}
