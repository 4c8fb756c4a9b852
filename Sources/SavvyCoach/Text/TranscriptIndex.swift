import SavvyASR

/// A transcript as normalised tokens that remember which word they came from and sentences
/// split at pauses, for cue search and quote grounding.
///
/// ASR output has no punctuation, so a "sentence" is a run of words without a gap of at least
/// `sentenceGapSeconds` between them — speakers pause at sentence ends far more than inside them.
public struct TranscriptIndex: Sendable {
    /// A gap this long (seconds) between two words starts a new sentence.
    public static let sentenceGapSeconds = 0.4

    public let words: [TranscriptWord]
    /// Normalised tokens in order; one word may give several ("e-mail" → "e", "mail") or none.
    public let tokens: [String]
    /// For each token, the index of its word in `words`.
    public let tokenWord: [Int]
    /// For each token, whether its word starts a sentence.
    public let startsSentence: [Bool]

    public init(transcript: Transcript) {
        words = transcript.words
        var tokens: [String] = []
        var tokenWord: [Int] = []
        var starts: [Bool] = []
        for (index, word) in words.enumerated() {
            let isStart = index == 0 || word.start - words[index - 1].end >= Self.sentenceGapSeconds
            for (offset, token) in TextNormalizer.tokens(word.text).enumerated() {
                tokens.append(token)
                tokenWord.append(index)
                starts.append(isStart && offset == 0)
            }
        }
        self.tokens = tokens
        self.tokenWord = tokenWord
        startsSentence = starts
    }

    /// Token indices where `phrase` (normalised) occurs as a whole-token run, ascending.
    public func occurrences(of phrase: [String]) -> [Int] {
        guard !phrase.isEmpty, phrase.count <= tokens.count else { return [] }
        var found: [Int] = []
        for start in 0...(tokens.count - phrase.count) where tokens[start] == phrase[0] {
            if zip(tokens[start..<(start + phrase.count)], phrase).allSatisfy({ $0 == $1 }) {
                found.append(start)
            }
        }
        return found
    }

    /// The last word index of the sentence containing word `index`.
    public func sentenceEnd(fromWord index: Int) -> Int {
        var end = index
        while end + 1 < words.count, words[end + 1].start - words[end].end < Self.sentenceGapSeconds {
            end += 1
        }
        return end
    }

    /// The words `first...last` joined by single spaces, exactly as transcribed.
    public func text(words first: Int, _ last: Int) -> String {
        words[first...last].map(\.text).joined(separator: " ")
    }

    /// The words `first...last` as people read them: the engine's display form (capitals,
    /// punctuation, "$50,000") where it gave one, the normalised word otherwise.
    public func displayText(words first: Int, _ last: Int) -> String {
        words[first...last].map(\.displayText).joined(separator: " ")
    }
}
