import Foundation

/// A session as read back from the database.
public struct StoredSession: Sendable, Equatable {
    /// The session id users type (`savvy show 42`).
    public var id: Int64
    /// When the practice happened (millisecond precision).
    public var createdAt: Date
    /// The drill id.
    public var drill: String
    /// The prompt the speaker answered.
    public var prompt: String
    /// The stored recording, relative to the data directory (`recordings/<sha>-<name>`);
    /// `SessionStore.recordingURL(of:)` makes it absolute.
    public var audioPath: String
    /// SHA-256 of the recording, lower-case hex.
    public var audioSHA256: String
    /// Size of the recording in bytes.
    public var audioBytes: Int64
    /// Duration in seconds.
    public var duration: Double
    /// Sample rate in Hz.
    public var sampleRate: Int
    /// The original file name the audio came from.
    public var sourceName: String
    /// Transcript JSON as saved.
    public var transcriptJSON: Data
    /// ASR engine id.
    public var asrEngine: String
    /// ASR model id.
    public var asrModel: String
    /// Metrics JSON as saved.
    public var metricsJSON: Data
    /// Version of the metrics algorithms.
    public var metricsVersion: Int
    /// Version of the filler lexicon, if recorded.
    public var lexiconVersion: String?
    /// Words per minute.
    public var wpm: Double?
    /// Fillers per minute.
    public var fillersPerMinute: Double?
    /// Pitch SD in semitones.
    public var pitchSD: Double?
    /// Mean CPPS in dB.
    public var cpps: Double?
}
