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

    /// Sentences of `transcript`: a new sentence starts after a word the engine ended with
    /// sentence punctuation, or after a gap of at least `TranscriptIndex.sentenceGapSeconds`
    /// between two words (engines without punctuation; savvy's words are normalised, so today
    /// the gaps decide). A sentence longer than `maximumWords` is split at its longest gaps.
    public static func split(_ transcript: Transcript, maximumWords: Int = 40) -> [AnswerSentence] {
        let words = transcript.words
        guard !words.isEmpty else { return [] }
        var breaks = [Bool](repeating: false, count: words.count)
        for i in 1..<words.count {
            let ended = words[i - 1].text.last.map { ".?!".contains($0) } ?? false
            breaks[i] = ended || words[i].start - words[i - 1].end >= TranscriptIndex.sentenceGapSeconds
        }
        var sentences: [AnswerSentence] = []
        var first = 0
        for i in 1...words.count where i == words.count || breaks[i] {
            sentences.append(contentsOf: pieces(words, first..<i, maximumWords: maximumWords))
            first = i
        }
        return sentences
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
