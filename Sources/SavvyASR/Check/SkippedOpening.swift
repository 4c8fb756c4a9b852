/// Finds speech at the very start of a recording that the recogniser skipped, and the window to
/// decode again over it (issue 14).
///
/// Whisper is trained on audio in which speech rarely starts on the first frame. When a recording
/// starts on a word (a clip cut at the speech onset, a push-to-talk answer), tiny.en's beam search
/// over the first 30 s window often begins its first sentence a few words in: "It's a wet Tuesday
/// in February, I'm driving…" came back as "I'm driving…" from 1.44 s, "Hmm, that's a big one. When
/// I joined as a field sales rep, the north-west territory…" as "the north west territory…" from
/// 3.34 s. In the content dev set (757 espeak-ng answers, all starting with speech at 0 s) 10
/// answers lost 2–29 opening words this way; in every other answer the first word starts within
/// 0.05 s. The word-less speech is mostly 0.5–1.4 s, under the coverage rule's 1.5 s minimum, and
/// decoding it alone fails the same way: it too starts on a word.
///
/// The opening is decoded again with `leadInSeconds` of silence before the recording's start, over
/// the sentence the first word lies in (as `StretchedWords.window` reaches for a stretched word),
/// and the new words replace the old ones there when they are more, begin in the skipped
/// speech (more words after it alone are another reading of what was already written) and are,
/// on average, as confident as a transcript the checker trusts (`minimumConfidence`). With the lead-in, the same
/// decoder writes the opening ("That's a tricky one. I spent ten years…"); without it, the 10
/// answers' opening windows decoded alone kept 252 errors of 259, with 0.25–1 s of lead-in 227–233
/// (1.5 s and more let tiny.en run on in one answer); 0.75 s gave the fewest on those training
/// answers.
///
/// Only a recording whose first speech starts before `leadInSeconds` qualifies: one that already
/// has that much silence before its first word gives Whisper the lead-in it needs, and a word-less
/// start there is noise or a breath rather than a skipped word.
public struct SkippedOpening: Sendable {
    /// Word-less speech before the first word, beyond the words' padding, that counts as skipped
    /// (seconds): about the shortest word. Answers whose opening was decoded have none at all.
    public var minimumSeconds = 0.25
    /// Silence decoded before the recording's start when the opening is decoded again (seconds).
    public var leadInSeconds = 0.75

    public init() {}

    /// The window to decode again, from the recording's start to the end of the sentence the
    /// first word lies in, when speech before the first word went unwritten; nil otherwise.
    /// - Parameters:
    ///   - words: the words, in time order.
    ///   - speech: VAD speech segments, seconds, in time order.
    ///   - uncovered: the speech no word covers (`TranscriptChecker.uncovered`); the parts before
    ///     the first word are what was skipped.
    ///   - stretchedWords: the rule whose window reaches over whole sentences.
    public func window(words: [TranscriptWord], speech: [(start: Double, end: Double)],
                       uncovered: [(start: Double, end: Double)],
                       stretchedWords: StretchedWords) -> (start: Double, end: Double)? {
        guard let first = words.first, let onset = speech.first?.start, onset < leadInSeconds else { return nil }
        var skipped = 0.0
        for gap in uncovered where gap.end <= first.start { skipped += gap.end - gap.start }
        guard skipped >= minimumSeconds else { return nil }
        return (0, stretchedWords.window(for: 0, in: words, speech: speech).end)
    }
}
