import SavvyASR
import XCTest

final class HesitationMergeTests: XCTestCase {
    func word(_ text: String, _ start: Double, _ end: Double) -> TranscriptWord {
        TranscriptWord(text: text, start: start, end: end, confidence: 0.9, display: text)
    }

    /// Issue 9: the unprompted decode gives the words; hesitations only the prompted decode heard
    /// are added by time, even under a word end the unprompted decode stretched over them.
    func testIssue9_HesitationsFromTheVerbatimPass() {
        let words = [word("noticed", 1.4, 1.8), word("was", 1.84, 2.6), word("that", 2.6, 2.8), word("um", 6.5, 7.1)]
        let verbatim = [word("noticed", 1.4, 1.8), word("um", 2.4, 2.4), word("was", 2.54, 2.6), word("um", 6.5, 7.1),
                        word("like", 8, 8.2)]
        let merged = HesitationMerge.merge(Transcript(words: words, engine: "whisper", model: "m", verbatimPass: verbatim))
        XCTAssertEqual(merged.words.map(\.text), ["noticed", "was", "um", "that", "um"])
        XCTAssertEqual(HesitationMerge.merge(merged), merged, "idempotent")
        // "Um, uh," in the verbatim pass where the words have one "um": that um accounts for the
        // nearer one only, so the chained hesitation is kept (one to one, not by distance alone).
        let chained = HesitationMerge.merge(Transcript(
            words: [word("so", 0.5, 0.9), word("um", 1.0, 1.3), word("we", 2.0, 2.2)], engine: "whisper", model: "m",
            verbatimPass: [word("so", 0.5, 0.9), word("um", 1.05, 1.25), word("uh", 1.5, 1.8), word("we", 2.0, 2.2)]))
        XCTAssertEqual(chained.words.map(\.text), ["so", "um", "uh", "we"])
        XCTAssertEqual(HesitationMerge.merge(chained), chained, "idempotent")
        let plain = Transcript(words: words, engine: "pocketsphinx", model: "m")
        XCTAssertEqual(HesitationMerge.merge(plain), plain)
    }
}
