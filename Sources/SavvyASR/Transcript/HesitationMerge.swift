/// Puts the hesitations ("um", "uh", …) that only the verbatim-prompt decode heard into the
/// words, where the unprompted decode has no word.
///
/// Whisper drops most hesitations unless its prompt shows them, but the prompted decode can skip
/// an answer's opening, so the words come from the unprompted decode and the hesitations are
/// taken from `Transcript.verbatimPass` by time: a hesitation with no hesitation of the words
/// within `window` seconds of it is inserted in time order. Word times are not a usable test of
/// "already heard": the unprompted decode stretches the word before a hesitation over it.
/// Nothing else is taken from the verbatim pass. Idempotent.
public enum HesitationMerge {
    /// Normalised spellings Whisper uses for a filled pause.
    public static let spellings: Set<String> = ["um", "umm", "uh", "uhh", "uhm", "er", "erm", "ah", "ahh", "hmm", "hm", "mm", "mmm"]

    /// Seconds within which two hesitations of the two decodes are the same one.
    public static let window = 1.0

    public static func merge(_ transcript: Transcript) -> Transcript {
        guard let verbatim = transcript.verbatimPass else { return transcript }
        var words = transcript.words
        for candidate in verbatim where spellings.contains(candidate.text) {
            let mid = (candidate.start + candidate.end) / 2
            let heard = words.contains {
                spellings.contains($0.text) && abs(($0.start + $0.end) / 2 - mid) <= window
            }
            guard !heard else { continue }
            let index = words.firstIndex { $0.start > mid } ?? words.count
            words.insert(candidate, at: index)
        }
        var result = transcript
        result.words = words
        return result
    }
}
