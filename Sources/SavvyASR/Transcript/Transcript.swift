/// One recognised word with its timing and the engine's confidence in it.
public struct TranscriptWord: Sendable, Equatable, Codable {
    /// The word as the engine spelled it, lower-cased, without pronunciation variants ("(2)").
    public var text: String
    /// Start and end in seconds from the start of the audio.
    public var start: Double
    public var end: Double
    /// Posterior confidence 0–1 (pocketsphinx: right words ≈ 0.8, wrong ≈ 0.4).
    public var confidence: Double

    public init(text: String, start: Double, end: Double, confidence: Double) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
    }
}

/// What an on-device engine heard, with enough provenance to rescore later.
public struct Transcript: Sendable, Equatable, Codable {
    public var words: [TranscriptWord]
    /// Engine id, e.g. "pocketsphinx" or "whisper".
    public var engine: String
    /// Model id, e.g. "en-us-ptm-5.2" or "tiny.en-ct2-int8".
    public var model: String

    public init(words: [TranscriptWord], engine: String, model: String) {
        self.words = words
        self.engine = engine
        self.model = model
    }

    /// The words joined by single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// An on-device speech recogniser.
///
/// Implementations take 16 kHz mono Float32 samples in −1…1 and return words with times. They
/// must fail with a `TranscriptionError` rather than return an empty transcript for audio they
/// could not process; an empty transcript means the engine heard no words.
public protocol Transcriber: Sendable {
    var engineID: String { get }
    func transcribe(samples: [Float], sampleRate: Int) throws -> Transcript
}
