import SavvyASR
import XCTest

final class HallucinationGuardTests: XCTestCase {
    static func transcript(_ words: [(String, Double, Double)]) -> Transcript {
        Transcript(words: words.map { TranscriptWord(text: $0.0, start: $0.1, end: $0.2, confidence: 0.8) }, engine: "whisper", model: "m")
    }

    func testCases() {
        let speech: [(String, Double, Double)] = [("we", 0.0, 0.3), ("shipped", 0.3, 0.8), ("it", 0.8, 1.0)]
        let cases: [(id: String, words: [(String, Double, Double)], silences: [(start: Double, end: Double)], kept: [String])] = [
            ("closing-over-trailing-silence", speech + [("thank", 1.5, 2.0), ("you", 2.0, 2.4)], [(1.1, 3.0)], ["we", "shipped", "it"]),
            ("closing-mostly-silent", speech + [("thanks", 1.0, 1.2), ("for", 1.2, 1.5), ("watching", 1.5, 2.5)], [(1.3, 3.0)], ["we", "shipped", "it"]),
            ("repeated-closing", speech + [("thank", 1.2, 1.4), ("you", 1.4, 1.6), ("thank", 1.6, 1.8), ("you", 1.8, 2.0)], [(1.1, 1.9)], ["we", "shipped", "it"]),
            ("spoken-thank-you-kept", speech + [("thank", 1.0, 1.3), ("you", 1.3, 1.6)], [(1.7, 3.0)], ["we", "shipped", "it", "thank", "you"]),
            ("word-inside-silence", [("we", 0.0, 0.3), ("the", 0.6, 0.8), ("won", 1.2, 1.5)], [(0.5, 1.0)], ["we", "won"]),
            ("closing-mid-transcript-kept", [("thank", 0.5, 0.7), ("you", 0.7, 0.9), ("all", 1.4, 1.6)], [(0.4, 1.0)], ["all"]),
            ("no-silences-no-change", speech + [("thank", 1.5, 2.0), ("you", 2.0, 2.4)], [], ["we", "shipped", "it", "thank", "you"]),
        ]
        for testCase in cases {
            let filtered = HallucinationGuard.filter(Self.transcript(testCase.words), silences: testCase.silences)
            XCTAssertEqual(filtered.words.map(\.text), testCase.kept, "case \(testCase.id)")
            XCTAssertEqual(filtered.engine, "whisper")
        }
    }
}
