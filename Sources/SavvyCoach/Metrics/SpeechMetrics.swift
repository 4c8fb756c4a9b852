import SavvyASR
import SavvyDSP

/// Every number savvy reports about one recording's delivery, transcript-based and acoustic.
///
/// Computed deterministically from the audio analysis and the transcript; never by a model.
/// Encoded as JSON (sorted keys, fixed precision by the CLI) and stored with the session, so
/// `metricsVersion` changes whenever an algorithm or its defaults change.
public struct SpeechMetrics: Sendable, Equatable, Codable {
    /// Version of the metric definitions (this struct, the DSP and the filler lexicon together).
    public static let currentVersion = 2

    public var metricsVersion: Int
    /// Version of the DSP algorithms that produced the acoustic part.
    public var deliveryVersion: Int
    /// Version of the built-in filler lexicon; a user lexicon file is recorded as such.
    public var lexiconVersion: String
    public var durationSeconds: Double
    public var pace: Pace
    public var fillers: Fillers
    public var pauses: Pauses
    /// Longest stretch of speech without a pause (≥ 250 ms), seconds.
    public var longestRunSeconds: Double
    public var pitch: PitchSummary?
    public var loudness: LoudnessSummary?
    public var voice: VoiceQualitySummary?
    /// Active speech frames ÷ all frames.
    public var speechRatio: Double
    public var quality: RecordingQuality
    /// 0–100 from the recogniser's word confidences (non-filler words); `nil` with no words.
    public var pronunciation: Double?
    public var watchWords: [WatchWordHit]

    /// Speaking rate.
    public struct Pace: Sendable, Equatable, Codable {
        /// Words, fillers excluded.
        public var wordCount: Int
        /// From the first word's start to the last word's end, seconds.
        public var speakingSeconds: Double
        /// Words per minute over the speaking span; `nil` with fewer than two words.
        public var wpm: Double?
        /// Words per minute with the pauses inside the speaking span removed.
        public var articulationRate: Double?
        /// Pace over a sliding 15 s window, one point a second.
        public var rolling: [PacePoint]
        /// Stretches where the rolling pace left the 120–165 wpm band.
        public var outOfBand: [PaceSpan]
    }

    public struct PacePoint: Sendable, Equatable, Codable {
        /// Window centre, seconds.
        public var time: Double
        public var wpm: Double
    }

    public struct PaceSpan: Sendable, Equatable, Codable {
        public enum Direction: String, Sendable, Codable { case fast, slow }
        public var start: Double
        public var end: Double
        public var direction: Direction
    }

    /// Fillers from the lexicon and the acoustic detector, merged so each counts once.
    public struct Fillers: Sendable, Equatable, Codable {
        public var count: Int
        /// Fillers per minute of speaking span (or of the recording when no words were heard).
        public var perMinute: Double
        public var lexiconCount: Int
        public var acousticCount: Int
        public var items: [FillerHit]
        /// Stretches holding three or more fillers within 10 s.
        public var clusters: [TimeSpan]
    }

    /// Pause statistics from the VAD (not from ASR word gaps, which engines pad and shift).
    public struct Pauses: Sendable, Equatable, Codable {
        public var count: Int
        public var normal: Int
        public var long: Int
        public var stalls: Int
        public var totalSeconds: Double
        public var meanSeconds: Double?
        public var longestSeconds: Double?
        public var items: [Pause]
    }
}

/// A watch-word the user asked to avoid or to include, and where it was said.
public struct WatchWordHit: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case avoid, include }
    public var word: String
    public var kind: Kind
    /// Start times of each occurrence, seconds.
    public var times: [Double]
}
