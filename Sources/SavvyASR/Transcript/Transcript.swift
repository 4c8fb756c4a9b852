/// What an on-device engine heard, with enough provenance to rescore later.
///
/// Stored as JSON with each session. Fields added after the first release are optional so that
/// transcripts stored earlier still decode (they read as nil).
public struct Transcript: Sendable, Equatable, Codable {
    /// The words metrics and content are computed from. For Whisper these come from the decode
    /// without a prompt (a prompt can make Whisper skip the opening of an answer) plus the
    /// re-decodes of stretches it left without words.
    public var words: [TranscriptWord]
    /// Engine id, e.g. "pocketsphinx" or "whisper".
    public var engine: String
    /// Model id, e.g. "en-us-ptm-5.2" or "tiny.en-ct2-int8".
    public var model: String
    /// Whisper only: the words of the decode run with the short verbatim prompt
    /// (`WhisperConfiguration.verbatimPrompt`), which keeps far more "um"/"uh" than the
    /// unprompted decode but may lose other words; fillers are merged from it by time. Nil for
    /// pocketsphinx and for transcripts stored before it was kept.
    public var verbatimPass: [TranscriptWord]?
    /// Coverage, unrecognised stretches, loops and the trust verdict (`TranscriptChecker`); nil
    /// before the check ran and in transcripts stored before it existed.
    public var check: TranscriptCheck?
    /// Whisper only: the decoder's statistics for the segments of the decode that gave `words`
    /// (before the check), in time order; nil for pocketsphinx, when the worker sent none (a
    /// protocol 1 worker, or no segment decoded), and in transcripts stored before they were kept.
    public var segments: [DecodeSegment]?

    public init(words: [TranscriptWord], engine: String, model: String, verbatimPass: [TranscriptWord]? = nil,
                check: TranscriptCheck? = nil) {
        self.words = words
        self.engine = engine
        self.model = model
        self.verbatimPass = verbatimPass
        self.check = check
    }

    /// The normalised words joined by single spaces (what metrics see).
    public var text: String { words.map(\.text).joined(separator: " ") }

    /// Sentences from the engine's punctuation, or from pauses between words when the engine
    /// writes none (pocketsphinx, transcripts stored before display text was kept). Callers that
    /// have the VAD's pauses should use `SentenceSegmenter.sentences(_:pauses:)` instead, since
    /// Whisper stretches word ends over the pause that ends a sentence.
    public var sentences: [TranscriptSentence] { SentenceSegmenter().sentences(words) }

    /// Sentences with the VAD's silent spans (seconds) as extra evidence of pauses.
    public func sentences(pauses: [(start: Double, end: Double)]) -> [TranscriptSentence] {
        SentenceSegmenter().sentences(words, pauses: pauses)
    }

    /// The sentences' display text joined by single spaces (what people read).
    public var displayText: String { sentences.map(\.text).joined(separator: " ") }
}
