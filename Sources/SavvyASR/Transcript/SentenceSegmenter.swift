/// Splits a transcript into sentences.
///
/// Whisper punctuates: a word written with a closing ".", "?" or "!" (quotes and brackets after
/// it allowed) ends a sentence, except for titles and Latin abbreviations ("Mr.", "e.g.") and
/// single-letter initials. pocketsphinx writes no punctuation, so there a pause between two
/// words ends a sentence: a gap of at least `pauseSeconds` between their times, or a silent span
/// from the VAD of at least that length starting between the two words' starts and ending before
/// the second word's end — word gaps alone miss many real pauses because Whisper stretches a word's end
/// over the silence after it, while the VAD measures the audio itself.
///
/// Whisper sometimes writes a long stretch without any full stop; a run of more than
/// `maximumRunWords` words without sentence punctuation is split at its pauses as well. In such
/// stretches it still capitalises the word that opens each sentence ("… out of the tip Sponsors
/// get their name on every repair tag And frankly the people who come to us …"), so in a
/// punctuated transcript a word written with a capital right after a word with no punctuation at
/// all starts a sentence when it is one of the words that open sentences (`sentenceOpeners`: "And",
/// "So", "My", "It", "Which", "Try" …), never a name or a day ("Priya", "Saturday"), which Whisper
/// capitalises anywhere. Other writers' answers (issue 14), spoken by espeak-ng and decoded by
/// Whisper tiny.en, lost section starts inside such stretches: with these breaks the content
/// model placed 0.929 of the sections of complete answers within 1.5 s instead of 0.911, with
/// precision 0.929 instead of 0.915 (scripts/train-structure.py's mirror, the committed weights).
public struct SentenceSegmenter: Sendable {
    /// Shortest pause that ends a sentence where the engine gave no punctuation, seconds
    /// (default 0.4, the sentence gap savvy's content layer used before sentences came from here).
    public var pauseSeconds: Double
    /// Longest run of words without sentence punctuation kept whole in a punctuated transcript.
    public var maximumRunWords: Int

    /// Abbreviations whose full stop does not end a sentence (lower-cased, with their dots).
    static let abbreviations: Set<String> = [
        "mr.", "mrs.", "ms.", "dr.", "prof.", "st.", "jr.", "sr.", "vs.", "e.g.", "i.e.", "approx.", "no.",
    ]

    /// Words that open sentences and are not names (lower-cased, apostrophes dropped):
    /// conjunctions and connectives, determiners and pronouns, prepositions, discourse markers,
    /// and the imperatives a speaker opens with. "I" is not one: Whisper writes it with a capital
    /// everywhere. scripts/train-structure.py (`SENTENCE_OPENERS`) mirrors this list.
    static let sentenceOpeners: Set<String> = [
        "and", "but", "so", "then", "which", "who", "when", "where", "what", "why", "how", "if", "because",
        "after", "before", "while", "since", "once", "now", "the", "a", "an", "this", "that", "these", "those",
        "there", "here", "it", "its", "we", "our", "my", "they", "their", "you", "your", "he", "she", "his",
        "her", "one", "most", "some", "many", "every", "each", "all", "at", "in", "on", "for", "by", "with",
        "from", "to", "of", "as", "also", "plus", "instead", "still", "yet", "or", "nor", "not", "no", "yes",
        "ok", "okay", "well", "first", "second", "third", "finally", "next", "last", "ultimately", "overall",
        "frankly", "honestly", "basically", "anyway", "meanwhile", "however", "therefore", "remember", "try",
        "imagine", "think", "let", "lets",
    ]

    public init(pauseSeconds: Double = 0.4, maximumRunWords: Int = 40) {
        self.pauseSeconds = pauseSeconds
        self.maximumRunWords = maximumRunWords
    }

    /// The sentences of `words`, in order, covering every word once.
    /// - Parameter pauses: silent spans from a VAD in seconds (any order); empty when the caller
    ///   has none.
    public func sentences(_ words: [TranscriptWord], pauses: [(start: Double, end: Double)] = []) -> [TranscriptSentence] {
        guard !words.isEmpty else { return [] }
        let punctuated = words.contains { Self.endsSentence($0.display) }
        let longPauses = pauses.filter { $0.end - $0.start >= pauseSeconds }
        // Pause breaks: a break after word i means word i + 1 starts a sentence.
        let pauseBreak = (0..<(words.count - 1)).map { i in
            hasPause(between: words[i], and: words[i + 1], pauses: longPauses)
        }
        var breaks = [Bool](repeating: false, count: words.count - 1)
        if punctuated {
            for i in 0..<(words.count - 1)
            where Self.endsSentence(words[i].display) || Self.capitalBreak(words[i], words[i + 1]) {
                breaks[i] = true
            }
            // Long unpunctuated runs fall back to the pauses inside them.
            var runStart = 0
            for i in 0..<words.count where i == words.count - 1 || breaks[i] {
                if i - runStart + 1 > maximumRunWords {
                    for j in runStart..<min(i, words.count - 1) where pauseBreak[j] { breaks[j] = true }
                }
                runStart = i + 1
            }
        } else {
            breaks = pauseBreak
        }

        var result: [TranscriptSentence] = []
        var first = 0
        for i in 0..<words.count where i == words.count - 1 || breaks[i] {
            let range = first..<(i + 1)
            let boundary: TranscriptSentence.Boundary = Self.endsSentence(words[i].display) ? .punctuation
                : i == words.count - 1 ? .end
                : punctuated && Self.capitalBreak(words[i], words[i + 1]) ? .capital
                : .pause
            result.append(TranscriptSentence(
                words: range, start: words[first].start, end: words[i].end,
                text: Self.text(of: words[range], punctuated: boundary == .punctuation), boundary: boundary))
            first = i + 1
        }
        return result
    }

    /// Whether there is a pause of at least `pauseSeconds` between two consecutive words.
    private func hasPause(between left: TranscriptWord, and right: TranscriptWord, pauses: [(start: Double, end: Double)]) -> Bool {
        if right.start - left.end >= pauseSeconds { return true }
        // The silence starts after the left word began and before the right word began; a
        // silence that begins inside the right word (its stretched end) is not between them.
        return pauses.contains { $0.start > left.start && $0.start < right.start && $0.end <= right.end }
    }

    /// Whether an engine-written token closes a sentence.
    static func endsSentence(_ display: String?) -> Bool {
        guard let display else { return false }
        let closers: Set<Character> = ["\"", "'", ")", "]", "”", "’", "»"]
        var token = Substring(display)
        while let last = token.last, closers.contains(last) { token = token.dropLast() }
        guard let last = token.last, [".", "?", "!"].contains(last) else { return false }
        // "..." and "…" mark trailing off, not a full stop.
        if token.hasSuffix("..") { return false }
        if last == "." {
            let lowered = token.lowercased()
            if abbreviations.contains(lowered) { return false }
            // An initial ("J.") or a spelled-out acronym ("U.S.") is not a sentence end.
            let letters = token.dropLast()
            if letters.count == 1, letters.first?.isUppercase == true { return false }
            if letters.contains("."), letters.split(separator: ".").allSatisfy({ $0.count == 1 }) { return false }
        }
        return true
    }

    /// Whether `right` opens a sentence by its capital alone, in a punctuated transcript: `left`
    /// has no punctuation at all and `right` is a capitalised sentence opener.
    static func capitalBreak(_ left: TranscriptWord, _ right: TranscriptWord) -> Bool {
        endsBare(left.display) && opensSentence(right.display)
    }

    /// Whether an engine-written token ends in a letter or digit: no punctuation at all after it
    /// (a comma or a dash keeps the next word in its sentence, "electricians, A seamstress").
    static func endsBare(_ display: String?) -> Bool {
        guard let last = display?.last else { return false }
        return last.isLetter || last.isNumber
    }

    /// Whether an engine-written token opens a sentence: a capital first letter (after any
    /// opening quote or bracket) on one of `sentenceOpeners`.
    static func opensSentence(_ display: String?) -> Bool {
        guard let display else { return false }
        let token = display.drop { "\"'([“‘«".contains($0) }
        guard let first = token.first, first.isUppercase else { return false }
        let word = String(token.lowercased().filter { $0 != "'" && $0 != "’" }.prefix { $0.isLetter })
        return sentenceOpeners.contains(word)
    }

    /// The words joined for reading. Without engine punctuation the sentence gets a capital,
    /// "I" for "i", and a full stop.
    static func text(of words: ArraySlice<TranscriptWord>, punctuated: Bool) -> String {
        if punctuated || words.contains(where: { $0.display != nil }) {
            return words.map(\.displayText).joined(separator: " ")
        }
        var tokens = words.map { word -> String in
            word.text == "i" || word.text.hasPrefix("i'") ? "I" + word.text.dropFirst() : word.text
        }
        if let first = tokens.first { tokens[0] = first.prefix(1).uppercased() + first.dropFirst() }
        return tokens.joined(separator: " ") + "."
    }
}
