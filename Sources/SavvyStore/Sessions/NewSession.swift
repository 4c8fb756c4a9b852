import Foundation

/// A session to save: the audio to keep, what was heard and measured, and the numbers history
/// shows.
///
/// Rich values (transcript, metrics) arrive as JSON the coach encoded; the store keeps the bytes
/// as given and never interprets them, so the store does not depend on the coach's types.
public struct NewSession: Sendable, Equatable {
    /// When the practice happened; stored as ISO-8601 UTC rounded to the millisecond. Passed in
    /// (not read from a clock here) so callers and tests control it.
    public var createdAt: Date
    /// The drill id (`star`, `pitch`, …).
    public var drill: String
    /// The prompt the speaker answered.
    public var prompt: String
    /// The audio file to keep. It is copied into `recordings/` (never moved) before the row is
    /// written; the original is left alone.
    public var audioSource: URL
    /// Duration of the audio in seconds.
    public var duration: Double
    /// Sample rate of the audio file in Hz, as recorded or decoded.
    public var sampleRate: Int
    /// The transcript with word timings and confidences, as JSON.
    public var transcriptJSON: Data
    /// The ASR engine id (`pocketsphinx`, `faster-whisper`).
    public var asrEngine: String
    /// The ASR model id (`en-us`, `tiny.en`).
    public var asrModel: String
    /// The `SpeechMetrics` JSON.
    public var metricsJSON: Data
    /// Version of the metrics algorithms that produced `metricsJSON`.
    public var metricsVersion: Int
    /// Version of the filler lexicon, when the metrics used one.
    public var lexiconVersion: String?
    /// Words per minute over the speaking span; nil when no words were heard.
    public var wpm: Double?
    /// Fillers per minute; nil when not measurable.
    public var fillersPerMinute: Double?
    /// Pitch standard deviation in semitones; nil when too little was voiced.
    public var pitchSD: Double?
    /// Mean smoothed cepstral peak prominence in dB over voiced frames; nil when unvoiced.
    public var cpps: Double?

    /// Where to read the audio's bytes when not from `audioSource` (a private snapshot of it,
    /// so the stored bytes are exactly the ones scored); `audioSource` still names the file.
    public var audioReadPath: String?

    /// Creates a session value; see each property for units.
    public init(
        createdAt: Date, drill: String, prompt: String, audioSource: URL, duration: Double, sampleRate: Int,
        transcriptJSON: Data, asrEngine: String, asrModel: String, metricsJSON: Data, metricsVersion: Int,
        lexiconVersion: String? = nil, wpm: Double? = nil, fillersPerMinute: Double? = nil, pitchSD: Double? = nil,
        cpps: Double? = nil
    ) {
        self.createdAt = createdAt
        self.drill = drill
        self.prompt = prompt
        self.audioSource = audioSource
        self.duration = duration
        self.sampleRate = sampleRate
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
