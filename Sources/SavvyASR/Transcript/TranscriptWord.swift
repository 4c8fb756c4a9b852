/// One recognised word with its timing and the engine's confidence in it.
public struct TranscriptWord: Sendable, Equatable, Codable {
    /// The word normalised for metrics: lower-cased, without surrounding punctuation or
    /// pronunciation variants ("(2)"). Inner apostrophes, hyphens and number punctuation stay
    /// ("don't", "4.5", "50,000").
    public var text: String
    /// Start and end in seconds from the start of the audio.
    public var start: Double
    public var end: Double
    /// Posterior confidence 0–1 (pocketsphinx: right words ≈ 0.8, wrong ≈ 0.4).
    public var confidence: Double
    /// The token as the engine wrote it, with its punctuation, capitals and symbols
    /// ("Ultimately,", "40%", "$50,000", "4.5"), for what people read (report, exports,
    /// sentences). Nil when the engine writes no more than `text` (pocketsphinx) and in
    /// transcripts stored before display text was kept.
    public var display: String?

    public init(text: String, start: Double, end: Double, confidence: Double, display: String? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
        self.display = display
    }

    /// `display` when the engine gave one, else `text`.
    public var displayText: String { display ?? text }
}
