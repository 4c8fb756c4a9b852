/// Finds repetition loops in recogniser output: the same phrase back to back, more often than
/// people usually repeat themselves. The text alone cannot prove a loop — a speaker may say a
/// question three times — so `LoopEvidence` asks the audio before anything is replaced.
///
/// Whisper without context conditioning can still fall into a loop and write one phrase over
/// and over for many seconds ("i'm not a fan of the game" for 21 s). Speakers do repeat words
/// ("I, I think") and short phrases twice, so a loop is a phrase of `minimumWords`…`maximumWords`
/// words repeated back to back at least three times, or a phrase of at least
/// `longPhraseWords` words repeated at least twice.
public struct LoopDetector: Sendable {
    /// One loop: word indices of the repeats after the first copy, the phrase and the count.
    public struct Found: Sendable, Equatable {
        /// Indices of the first copy.
        public var first: Range<Int>
        /// Indices of the repeated copies after it.
        public var repeats: Range<Int>
        public var phrase: [String]
        /// Copies in all, the first included.
        public var count: Int
    }

    public var minimumWords = 1
    public var maximumWords = 10
    public var longPhraseWords = 5

    public init() {}

    /// Loops in `words`, in order, not overlapping.
    public func loops(_ words: [String]) -> [Found] {
        var found: [Found] = []
        var index = 0
        while index < words.count {
            var best: Found?
            for length in minimumWords...maximumWords where index + 2 * length <= words.count {
                let phrase = Array(words[index..<(index + length)])
                var copies = 1
                while index + (copies + 1) * length <= words.count,
                      Array(words[(index + copies * length)..<(index + (copies + 1) * length)]) == phrase {
                    copies += 1
                }
                let isLoop = copies >= 3 || (copies >= 2 && length >= longPhraseWords)
                // Prefer the loop that covers the most words ("a b a b a b" over "a").
                if isLoop, copies * length > (best.map { $0.count * $0.phrase.count } ?? 0) {
                    best = Found(first: index..<(index + length), repeats: (index + length)..<(index + copies * length),
                                 phrase: phrase, count: copies)
                }
            }
            if let best {
                found.append(best)
                index = best.repeats.upperBound
            } else {
                index += 1
            }
        }
        return found
    }
}
