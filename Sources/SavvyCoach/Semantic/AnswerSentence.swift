import SavvyASR

/// One sentence of an answer as the semantic tier sees it: which words, when, and its text.
public struct AnswerSentence: Sendable, Equatable {
    /// Indices into the transcript's words, never empty.
    public var words: Range<Int>
    /// Start of the first word and end of the last, seconds.
    public var start: Double
    public var end: Double
    /// The words joined by single spaces, as transcribed.
    public var text: String

    public init(words: Range<Int>, start: Double, end: Double, text: String) {
        self.words = words
        self.start = start
        self.end = end
        self.text = text
    }

    /// Sentences of `transcript` from SavvyASR's segmenter (the engine's punctuation when it
    /// wrote any, pauses between words otherwise); a sentence longer than `maximumWords` is
    /// split at its longest gaps. The text is the normalised words, as the weights were trained.
    public static func split(_ transcript: Transcript, maximumWords: Int = 40) -> [AnswerSentence] {
        let words = transcript.words
        return transcript.sentences.flatMap { pieces(words, $0.words, maximumWords: maximumWords) }
    }

    /// `range` as one sentence, or split recursively at its longest inner gap when too long.
    private static func pieces(_ words: [TranscriptWord], _ range: Range<Int>, maximumWords: Int) -> [AnswerSentence] {
        if range.count > maximumWords {
            var cut = range.lowerBound + 1
            var widest = -Double.infinity
            for i in (range.lowerBound + 1)..<range.upperBound {
                let gap = words[i].start - words[i - 1].end
                if gap > widest {
                    widest = gap
                    cut = i
                }
            }
            return pieces(words, range.lowerBound..<cut, maximumWords: maximumWords)
                + pieces(words, cut..<range.upperBound, maximumWords: maximumWords)
        }
        return [AnswerSentence(
            words: range, start: words[range.lowerBound].start, end: words[range.upperBound - 1].end,
            text: words[range].map(\.text).joined(separator: " "))]
    }
}
