/// One sentence of a transcript: which words, when, and how it reads.
public struct TranscriptSentence: Sendable, Equatable, Codable {
    /// What ended the sentence.
    public enum Boundary: String, Sendable, Equatable, Codable {
        /// The engine wrote a full stop, question mark or exclamation mark.
        case punctuation
        /// A pause between two words (no engine punctuation to go by).
        case pause
        /// No punctuation, but the engine began the next word with a capital that opens a
        /// sentence ("… out of the tip Sponsors get …", "… the mad ones My best coach …"): see
        /// `SentenceSegmenter`.
        case capital
        /// The transcript ended.
        case end
    }

    /// Indices into the transcript's `words`, never empty.
    public var words: Range<Int>
    /// Start of the first word and end of the last, seconds.
    public var start: Double
    public var end: Double
    /// The words as the engine wrote them, joined by spaces. Sentences split at pauses are
    /// given a capital and a full stop so they read like the engine-punctuated ones.
    public var text: String
    public var boundary: Boundary

    public init(words: Range<Int>, start: Double, end: Double, text: String, boundary: Boundary) {
        self.words = words
        self.start = start
        self.end = end
        self.text = text
        self.boundary = boundary
    }
}
