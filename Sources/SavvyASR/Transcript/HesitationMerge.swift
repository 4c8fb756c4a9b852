/// Puts the hesitations ("um", "uh", …) that only the verbatim-prompt decode heard into the
/// words, where the unprompted decode has no word.
///
/// Whisper drops most hesitations unless its prompt shows them, but the prompted decode can skip
/// an answer's opening, so the words come from the unprompted decode and the hesitations are
/// taken from `Transcript.verbatimPass` by time. Each hesitation of the words accounts for at
/// most one of the verbatim pass, the nearest within `window` seconds (closest pairs first); every
/// verbatim hesitation left over is inserted in time order. One to one, because a decode that
/// wrote "Um, uh," heard two hesitations: matching by distance alone let one "um" of the words
/// swallow both (issue 9). Word times are not a usable test of "already heard": the unprompted
/// decode stretches the word before a hesitation over it. Nothing else is taken from the verbatim
/// pass. Idempotent: an inserted hesitation matches its own source at distance 0.
public enum HesitationMerge {
    /// Normalised spellings Whisper uses for a filled pause.
    public static let spellings: Set<String> = ["um", "umm", "uh", "uhh", "uhm", "er", "erm", "ah", "ahh", "hmm", "hm", "mm", "mmm"]

    /// Seconds within which two hesitations of the two decodes are the same one.
    public static let window = 1.0

    public static func merge(_ transcript: Transcript) -> Transcript {
        guard let verbatim = transcript.verbatimPass else { return transcript }
        func mid(_ word: TranscriptWord) -> Double { (word.start + word.end) / 2 }
        let heard = transcript.words.indices.filter { spellings.contains(transcript.words[$0].text) }
        let candidates = verbatim.filter { spellings.contains($0.text) }
        var pairs: [(distance: Double, word: Int, candidate: Int)] = []
        for w in heard {
            for (c, candidate) in candidates.enumerated() {
                let distance = abs(mid(transcript.words[w]) - mid(candidate))
                if distance <= window { pairs.append((distance, w, c)) }
            }
        }
        pairs.sort { ($0.distance, $0.word, $0.candidate) < ($1.distance, $1.word, $1.candidate) }
        var usedWords = Set<Int>()
        var matched = Set<Int>()
        for pair in pairs where !usedWords.contains(pair.word) && !matched.contains(pair.candidate) {
            usedWords.insert(pair.word)
            matched.insert(pair.candidate)
        }
        var words = transcript.words
        for (c, candidate) in candidates.enumerated() where !matched.contains(c) {
            let index = words.firstIndex { $0.start > mid(candidate) } ?? words.count
            words.insert(candidate, at: index)
        }
        var result = transcript
        result.words = words
        return result
    }
}
