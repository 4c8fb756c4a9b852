/// Finds words the recogniser stretched over speech it never wrote down, and the window to decode
/// again around each (issue 14).
///
/// Whisper decodes a long recording in 30 s windows. When tiny.en stops writing a window's last
/// sentence before its end (it wrote "…simple checks and how to" and then nothing for the 6 s
/// of "build a sheet someone else can understand. Each session uses our own reports"), the word
/// aligner still spreads the written words over the whole window, so the last one is stretched
/// to the window's end ("how", 23.72–29.98 s), and the next window starts there: the speech under
/// the stretched word is never decoded. No word-less stretch exists for the coverage rule to see
/// — the stretched word covers it.
///
/// A spoken word takes about `secondsPerWord` plus `secondsPerLetter` for each letter at most (a
/// digit counts `lettersPerDigit` letters: "750,000" is read as five words). A word whose span is
/// longer than that by `minimumExcessSeconds` or more, with at least `minimumSpeechSeconds` of
/// VAD speech in the part it cannot have taken, hides speech. On the content dev set (45,463
/// Whisper words of 426 espeak-ng answers) seven words exceed their time by 1.46–5.56 s, each over
/// words the transcript lacks; the next longest exceed it by at most 0.62 s ("so", 1.22 s long).
///
/// The words are decoded again over the whole sentences the stretched word lies in — the VAD
/// speech segments around it, reaching at most `contextSeconds` beyond the word — because Whisper
/// drops the first word of a window that starts on a word ("how" is lost when the window starts
/// at 23.72 s) and misreads a window that starts or ends inside a sentence.
public struct StretchedWords: Sendable {
    /// The longest a spoken word takes: this, plus `secondsPerLetter` per letter (seconds).
    public var secondsPerWord = 0.4
    public var secondsPerLetter = 0.1
    /// Letters a digit counts as: digits are read as words ("12" is "twelve").
    public var lettersPerDigit = 3
    /// A word longer than it can take by at least this much is stretched (seconds).
    public var minimumExcessSeconds = 1.0
    /// …when the VAD finds at least this much speech in that excess (seconds): a word stretched
    /// over a pause hides nothing.
    public var minimumSpeechSeconds = 0.5
    /// How far the re-decoded window reaches beyond the stretched word to whole sentences (seconds).
    public var contextSeconds = 5.0

    public init() {}

    /// The longest `text` can take to say, seconds.
    public func plausibleSeconds(_ text: String) -> Double {
        var letters = 0
        for character in text where character.isLetter || character.isNumber {
            letters += character.isNumber ? lettersPerDigit : 1
        }
        return secondsPerWord + secondsPerLetter * Double(letters)
    }

    /// Indices of the words stretched over speech, in order.
    /// - Parameter speech: VAD speech segments, seconds, in time order.
    public func stretched(in words: [TranscriptWord], speech: [(start: Double, end: Double)]) -> [Int] {
        words.indices.filter { index in
            let word = words[index]
            let from = word.start + plausibleSeconds(word.text)
            guard word.end - from >= minimumExcessSeconds else { return false }
            return SpeechSeconds.inside((from, word.end), speech: speech) >= minimumSpeechSeconds
        }
    }

    /// The stretch to decode again for the stretched word `index`: from the start of the speech
    /// segment it starts in to the end of the one it ends in, each cut back to the nearest word
    /// edge within `contextSeconds` of the word when the segment reaches further.
    public func window(for index: Int, in words: [TranscriptWord],
                       speech: [(start: Double, end: Double)]) -> (start: Double, end: Double) {
        let word = words[index]
        var start = word.start
        if let segment = speech.first(where: { $0.start <= word.start && word.start < $0.end }) {
            if segment.start >= word.start - contextSeconds {
                start = segment.start
            } else if let first = words[..<index].first(where: { $0.start >= word.start - contextSeconds }) {
                start = first.start
            }
        }
        var end = word.end
        if let segment = speech.first(where: { $0.start < word.end && word.end <= $0.end }) {
            if segment.end <= word.end + contextSeconds {
                end = segment.end
            } else if let last = words[(index + 1)...].last(where: { $0.end <= word.end + contextSeconds }) {
                end = last.end
            }
        }
        return (start, end)
    }
}
