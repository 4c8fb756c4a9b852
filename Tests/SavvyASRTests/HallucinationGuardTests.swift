import SavvyASR
import XCTest

final class HallucinationGuardTests: XCTestCase {
    static func words(_ words: [(String, Double, Double)]) -> [TranscriptWord] {
        words.map { TranscriptWord(text: $0.0, start: $0.1, end: $0.2, confidence: 0.8) }
    }

    func testCases() {
        let speech: [(String, Double, Double)] = [("we", 0.0, 0.3), ("shipped", 0.3, 0.8), ("it", 0.8, 1.0)]
        let cases: [(id: String, words: [(String, Double, Double)], speechEnd: Double?, digital: [(start: Double, end: Double)], kept: [String])] = [
            ("closing-over-trailing-silence", speech + [("thank", 1.5, 2.0), ("you", 2.0, 2.4)], 1.1, [], ["we", "shipped", "it"]),
            ("closing-mostly-silent", speech + [("thanks", 1.0, 1.2), ("for", 1.2, 1.5), ("watching", 1.5, 2.5)], 1.3, [], ["we", "shipped", "it"]),
            ("repeated-closing", speech + [("thank", 1.2, 1.4), ("you", 1.4, 1.6), ("thank", 1.6, 1.8), ("you", 1.8, 2.0)], 1.1, [], ["we", "shipped", "it"]),
            ("spoken-thank-you-kept", speech + [("thank", 1.0, 1.3), ("you", 1.3, 1.6)], 1.7, [], ["we", "shipped", "it", "thank", "you"]),
            ("closing-in-digital-silence-mid-transcript", [("thank", 0.5, 0.7), ("you", 0.7, 0.9), ("all", 1.4, 1.6)], 1.6, [(0.4, 1.0)], ["all"]),
            ("no-evidence-no-change", speech + [("thank", 1.5, 2.0), ("you", 2.0, 2.4)], nil, [], ["we", "shipped", "it", "thank", "you"]),
        ]
        for testCase in cases {
            let transcript = Transcript(words: Self.words(testCase.words), engine: "whisper", model: "m",
                                        verbatimPass: Self.words(testCase.words))
            let filtered = HallucinationGuard.filter(transcript, speechEnd: testCase.speechEnd, digitalSilences: testCase.digital)
            XCTAssertEqual(filtered.words.map(\.text), testCase.kept, "case \(testCase.id)")
            XCTAssertEqual(filtered.verbatimPass?.map(\.text), testCase.kept, "case \(testCase.id) verbatim pass")
            XCTAssertEqual(filtered.engine, "whisper")
        }
    }

    /// Issue 9: a recognised word is never removed because the VAD called its span silent —
    /// only known closing phrases over trailing or near-digital silence go.
    func testIssue9_OrdinaryWordsInVADSilenceAreKept() {
        let words = Self.words([("we", 0.0, 0.3), ("the", 0.6, 0.8), ("won", 1.2, 1.5), ("you", 1.6, 1.8)])
        let filtered = HallucinationGuard.filter(Transcript(words: words, engine: "whisper", model: "m"),
                                                 speechEnd: 1.9, digitalSilences: [])
        XCTAssertEqual(filtered.words, words)
    }
}
