import Foundation

/// The transcript and delivery numbers one scoring was made from, when they are not the
/// session's own (a `rescore --retranscribe`, or metrics recomputed by a newer savvy).
///
/// A report and a history row always come from one scoring: its delivery if it has one,
/// otherwise the session's.
public struct ScoringDelivery: Sendable, Equatable {
    /// The `Transcript` JSON, with word timings.
    public var transcriptJSON: Data
    /// The engine and model that made the transcript.
    public var asrEngine: String
    public var asrModel: String
    /// The `SpeechMetrics` JSON and its algorithm version.
    public var metricsJSON: Data
    public var metricsVersion: Int
    /// Filler lexicon version used for the metrics.
    public var lexiconVersion: String?
    /// Headline numbers for `history` (same units as the session's columns).
    public var wpm: Double?
    public var fillersPerMinute: Double?
    public var pitchSD: Double?
    public var cpps: Double?

    public init(transcriptJSON: Data, asrEngine: String, asrModel: String, metricsJSON: Data, metricsVersion: Int,
                lexiconVersion: String?, wpm: Double?, fillersPerMinute: Double?, pitchSD: Double?, cpps: Double?) {
        self.transcriptJSON = transcriptJSON
        self.asrEngine = asrEngine
        self.asrModel = asrModel
        self.metricsJSON = metricsJSON
        self.metricsVersion = metricsVersion
        self.lexiconVersion = lexiconVersion
        self.wpm = wpm
        self.fillersPerMinute = fillersPerMinute
        self.pitchSD = pitchSD
        self.cpps = cpps
    }
}
