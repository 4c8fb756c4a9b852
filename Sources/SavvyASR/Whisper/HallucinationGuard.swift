/// Removes words Whisper is known to invent where nobody spoke.
///
/// Whisper was trained on subtitled video and sometimes fills silence with words from it —
/// typically a closing "Thank you." or "Thanks for watching!" after the speaker stopped. savvy
/// counts words for pace and fillers, so these would skew the metrics. The guard needs silent
/// spans from a voice-activity detector (the caller's; SavvyASR does not depend on SavvyDSP):
/// 1. a word lying entirely inside a silent span is dropped;
/// 2. a known closing phrase at the very end of the transcript is dropped when at least half of
///    its time lies in silence (repeated, so "Thank you. Thank you." goes too).
/// A closing phrase that was really spoken sits over speech and is kept.
public enum HallucinationGuard {
    /// Phrases Whisper appends over trailing silence, as normalised words.
    public static let closingPhrases: [[String]] = [
        ["thank", "you"], ["thank", "you", "very", "much"], ["thank", "you", "so", "much"],
        ["thanks"], ["thank", "you", "for", "watching"], ["thanks", "for", "watching"],
        ["thank", "you", "for", "listening"], ["thanks", "for", "listening"],
        ["please", "subscribe"], ["bye"], ["you"],
    ]

    /// Seconds a word may stick out of a silent span and still count as inside it (VAD and ASR
    /// boundaries disagree by a frame or two).
    public static let defaultTolerance = 0.05

    /// Returns `transcript` without hallucinated words.
    /// - Parameters:
    ///   - silences: silent spans in seconds from the start of the audio, sorted or not.
    ///   - tolerance: seconds of slack on each side of a silent span.
    public static func filter(
        _ transcript: Transcript, silences: [(start: Double, end: Double)], tolerance: Double = defaultTolerance
    ) -> Transcript {
        guard !silences.isEmpty else { return transcript }
        // Closing phrases are stripped before and after the per-word rule: a phrase whose last
        // word lies wholly in silence must still be recognised as a whole.
        var words = stripClosingPhrases(transcript.words, silences: silences, tolerance: tolerance)
        words = words.filter { word in
            !silences.contains { word.start >= $0.start - tolerance && word.end <= $0.end + tolerance }
        }
        words = stripClosingPhrases(words, silences: silences, tolerance: tolerance)
        var result = transcript
        result.words = words
        if let verbatim = transcript.verbatimPass {
            result.verbatimPass = filter(Transcript(words: verbatim, engine: transcript.engine, model: transcript.model),
                                         silences: silences, tolerance: tolerance).words
        }
        return result
    }

    /// Removes closing phrases from the end while at least half of each lies in silence.
    static func stripClosingPhrases(
        _ input: [TranscriptWord], silences: [(start: Double, end: Double)], tolerance: Double
    ) -> [TranscriptWord] {
        var words = input
        let phrases = closingPhrases.sorted { $0.count > $1.count }
        var removed = true
        while removed {
            removed = false
            for phrase in phrases where words.count >= phrase.count {
                let tail = Array(words.suffix(phrase.count))
                guard tail.map(\.text) == phrase else { continue }
                let start = tail[0].start
                let end = tail[tail.count - 1].end
                if silentFraction(start: start, end: end, silences: silences, tolerance: tolerance) >= 0.5 {
                    words.removeLast(phrase.count)
                    removed = true
                    break
                }
            }
        }
        return words
    }

    /// Fraction of [start, end] covered by silent spans (a zero-length span counts as covered
    /// when it lies inside silence).
    static func silentFraction(start: Double, end: Double, silences: [(start: Double, end: Double)], tolerance: Double) -> Double {
        if end <= start {
            return silences.contains { start >= $0.start - tolerance && start <= $0.end + tolerance } ? 1 : 0
        }
        // Merge the overlaps so spans that overlap each other are not counted twice.
        let clipped = silences
            .map { (max(start, $0.start - tolerance), min(end, $0.end + tolerance)) }
            .filter { $0.0 < $0.1 }
            .sorted { $0.0 < $1.0 }
        var covered = 0.0
        var reach = start
        for (from, to) in clipped where to > reach {
            covered += to - max(from, reach)
            reach = to
        }
        return covered / (end - start)
    }
}
