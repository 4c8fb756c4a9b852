/// Decides whether the audio supports a repetition the recogniser wrote, so that a speaker who
/// really says "What's its username?" three times keeps the words (issue 9) while a decoder loop
/// is caught.
///
/// `LoopDetector` finds repetitions in the text only; text cannot tell the two apart. The audio
/// can, in two ways that need no tuning to a clip:
///
/// - **Collapsed timing.** Whisper times words by aligning each token to the audio (cross-
///   attention DTW). A token the decoder repeats without hearing it has nothing to align with and
///   gets a span of zero length, so a loop's copies pile up on one instant. Spoken words take
///   time: in real meeting speech (six AMI clips) 0–11 % of words get a span shorter than one
///   timestamp step (`collapsedWordSeconds`, 20 ms); in the two looped AMI decodes 70 % and 80 %
///   do. A repetition is a loop when more than half (`maximumCollapsedShare`) of its repeated
///   words have collapsed — a majority no real speech comes near.
/// - **No speech under the copies.** The classic Whisper loop runs on over silence or noise after
///   the speech ends. A repetition is a loop when the VAD finds speech under less than half
///   (`minimumSpeechShare`) of the time its repeated copies span.
///
/// - **Whisper's own verdict.** The copies lie in a segment whose decode Whisper would reject
///   as repetitive (`DecodeSegment.isRepetitive`: its text compresses more than 2.4 times).
///   Normal English windows compress 0.8–1.7 times (six AMI clips, espeak-ng answers); the
///   looped decodes 11–20 times. The ratio is per decode window, so it speaks for every copy in it.
///
/// Everything else — copies that take time and lie on speech — is a real repetition and is kept.
/// The first copy is never judged: it is the words the speaker said at least once.
///
/// A loop can also be **trailing** (`isUnheard`): Whisper, out of audio, writes a closing phrase
/// over and over, and each copy lies where nobody can have said it — after the last speech the
/// VAD found, or collapsed onto the last timestamp step of the audio (AMI dev01: "thank you for
/// your time" 16 times, every copy at 29.98 s of a 30 s clip). There is nothing left to decode
/// again; such copies are dropped like the guard's closing phrases over trailing silence.
public struct LoopEvidence: Sendable {
    /// Word spans shorter than this are collapsed: faster-whisper's word times step by 20 ms.
    public var collapsedWordSeconds = 0.02
    /// Above this share of collapsed repeated words, the repetition is a loop.
    public var maximumCollapsedShare = 0.5
    /// Above this share of repeated words in segments Whisper finds repetitive, the repetition is a loop.
    public var maximumRepetitiveShare = 0.5
    /// Below this share of VAD speech under the repeated copies, the repetition is a loop.
    public var minimumSpeechShare = 0.5
    /// A collapsed word starting this close to the end of the audio sits on its last timestamp
    /// step: one 20 ms step, and one more for the rounding of the audio's length to steps.
    public var lastStepSeconds = 0.04

    public init() {}

    /// The repetitions in `words` that the audio does not support: decoder loops.
    /// - Parameters:
    ///   - speech: VAD speech segments, seconds, in time order.
    ///   - segments: Whisper's statistics for the decode that gave `words` (none: not asked).
    public func loops(in words: [TranscriptWord], speech: [(start: Double, end: Double)],
                      segments: [DecodeSegment] = []) -> [LoopDetector.Found] {
        LoopDetector().loops(words.map(\.text)).filter { !isSupported($0, words: words, speech: speech, segments: segments) }
    }

    /// Whether the audio supports the repeated copies of `found`.
    public func isSupported(_ found: LoopDetector.Found, words: [TranscriptWord],
                            speech: [(start: Double, end: Double)], segments: [DecodeSegment] = []) -> Bool {
        let repeated = words[found.repeats]
        guard let first = repeated.first, let last = repeated.last else { return true }
        let collapsed = repeated.filter { $0.end - $0.start < collapsedWordSeconds }.count
        if Double(collapsed) > maximumCollapsedShare * Double(repeated.count) { return false }
        let inRepetitive = repeated.filter { Self.isInRepetitiveSegment($0, segments) }.count
        if Double(inRepetitive) > maximumRepetitiveShare * Double(repeated.count) { return false }
        let span = (start: first.start, end: max(first.start, last.end))
        guard span.end > span.start else { return false }
        return SpeechSeconds.inside(span, speech: speech) >= minimumSpeechShare * (span.end - span.start)
    }

    /// Whether no word of `range` has audio a speaker could have said it in: each starts after
    /// the end of the last VAD speech (all of them, when the VAD found none), or has collapsed
    /// onto the last timestamp step of the audio.
    /// - Parameter audioEnd: the length of the recording, seconds; nil when unknown (then only
    ///   the VAD test applies).
    public func isUnheard(_ range: Range<Int>, words: [TranscriptWord], speech: [(start: Double, end: Double)],
                          audioEnd: Double?) -> Bool {
        guard !range.isEmpty else { return false }
        let speechEnd = speech.map(\.end).max() ?? -Double.infinity
        return words[range].allSatisfy { word in
            if word.start >= speechEnd { return true }
            guard let audioEnd else { return false }
            return word.end - word.start < collapsedWordSeconds && word.start >= audioEnd - lastStepSeconds
        }
    }

    /// The segment whose time holds the middle of `word`, if any.
    public static func segment(of word: TranscriptWord, in segments: [DecodeSegment]) -> DecodeSegment? {
        let middle = (word.start + word.end) / 2
        return segments.first { middle >= $0.start && middle <= $0.end }
    }

    /// Whether `word` lies in a segment Whisper finds repetitive (`DecodeSegment.isRepetitive`).
    public static func isInRepetitiveSegment(_ word: TranscriptWord, _ segments: [DecodeSegment]) -> Bool {
        segment(of: word, in: segments)?.isRepetitive == true
    }
}
