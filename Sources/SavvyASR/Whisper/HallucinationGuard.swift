/// Removes words Whisper is known to invent where nobody can have spoken.
///
/// Whisper was trained on subtitled video and sometimes fills silence with words from it —
/// typically a closing "Thank you." or "Thanks for watching!" after the speaker stopped. The
/// guard removes only those known phrases, and only over evidence that nobody spoke:
/// 1. at the very end of the transcript, a closing phrase at least half of whose time lies after
///    the last speech the VAD found (repeated, so "Thank you. Thank you." goes too);
/// 2. anywhere, a closing phrase at least half of whose time lies in near-digital silence (a
///    level no microphone in a room produces while someone speaks).
///
/// It never removes an ordinary word because the VAD called its span silent: a recognised word
/// inside a "silent" span is evidence that the VAD was wrong there (quiet talkers, weak word
/// ends), not the engine. Repetition loops are caught and decoded again by `TranscriptChecker`.
/// The verbatim pass is filtered by the same rules.
public enum HallucinationGuard {
    /// Phrases Whisper appends over silence, as normalised words.
    public static let closingPhrases: [[String]] = [
        ["thank", "you"], ["thank", "you", "very", "much"], ["thank", "you", "so", "much"],
        ["thanks"], ["thank", "you", "for", "watching"], ["thanks", "for", "watching"],
        ["thank", "you", "for", "listening"], ["thanks", "for", "listening"],
        ["please", "subscribe"], ["bye"], ["you"],
    ]

    /// Seconds a word may stick out of a silent span and still count as inside it (VAD and ASR
    /// boundaries disagree by a frame or two).
    public static let defaultTolerance = 0.05

    /// Returns `transcript` without hallucinated closing phrases.
    /// - Parameters:
    ///   - speechEnd: end of the last speech the VAD found, seconds; nil when it found none.
    ///   - digitalSilences: spans of near-digital silence, seconds, any order.
    ///   - tolerance: seconds of slack on each side of a silent span.
    public static func filter(
        _ transcript: Transcript, speechEnd: Double?, digitalSilences: [(start: Double, end: Double)],
        tolerance: Double = defaultTolerance
    ) -> Transcript {
        var silences = digitalSilences
        if let speechEnd { silences.append((speechEnd, .infinity)) }
        var result = transcript
        result.words = filter(transcript.words, trailing: silences, digital: digitalSilences, tolerance: tolerance)
        result.verbatimPass = transcript.verbatimPass.map {
            filter($0, trailing: silences, digital: digitalSilences, tolerance: tolerance)
        }
        return result
    }

    static func filter(_ input: [TranscriptWord], trailing: [(start: Double, end: Double)],
                       digital: [(start: Double, end: Double)], tolerance: Double) -> [TranscriptWord] {
        var words = stripClosingPhrases(input, silences: trailing, tolerance: tolerance)
        guard !digital.isEmpty else { return words }
        let phrases = closingPhrases.sorted { $0.count > $1.count }
        var index = 0
        while index < words.count {
            let match = phrases.first { phrase in
                index + phrase.count <= words.count
                    && zip(words[index..<(index + phrase.count)], phrase).allSatisfy { $0.text == $1 }
                    && silentFraction(start: words[index].start, end: words[index + phrase.count - 1].end,
                                      silences: digital, tolerance: tolerance) >= 0.5
            }
            if let match {
                words.removeSubrange(index..<(index + match.count))
            } else {
                index += 1
            }
        }
        return words
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
