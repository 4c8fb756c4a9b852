import SavvyASR
@testable import SavvyCLI
import SavvyCoach
import SavvyDSP
import XCTest

/// Sentences for the report when the engine gives no punctuation: pauses and section starts
/// cut, hesitation fragments join a neighbour.
final class ReportSentenceTests: XCTestCase {
    /// Words a quarter second apart, with a gap before the words at `gapsBefore`.
    private func transcript(_ texts: [String], gapsBefore: [Int: Double] = [:]) -> Transcript {
        var t = 0.0
        var words: [TranscriptWord] = []
        for (i, text) in texts.enumerated() {
            t += gapsBefore[i] ?? 0
            words.append(TranscriptWord(text: text, start: t, end: t + 0.2, confidence: 0.9))
            t += 0.25
        }
        return Transcript(words: words, engine: "test", model: "test")
    }

    private func section(_ id: String, at start: Double?) -> StructureSpan {
        StructureSpan(sectionID: id, name: id.capitalized, quote: start == nil ? nil : "q", start: start, end: nil)
    }

    func testCutsAtLongGapsAndVADPausesOnly() {
        let words = ["we", "had", "an", "outage", "so", "i", "called", "the", "team", "then", "we", "fixed", "it"]
        // A 0.3 s word gap (too short), a 0.8 s one (a boundary), and a 0.45 s one that the VAD
        // heard as a 0.52 s pause (engines pad word ends; the pause decides).
        let t = transcript(words, gapsBefore: [4: 0.3 - 0.05, 6: 0.8 - 0.05, 9: 0.45 - 0.05])
        let gapStart = t.words[8].end, gapEnd = t.words[9].start
        let sentences = ReportSentence.split(t, pauses: [Pause(start: gapStart - 0.03, end: gapEnd + 0.04, kind: .normal)],
                                             structure: [])
        XCTAssertEqual(sentences.map(\.words), [0..<6, 6..<9, 9..<13])
        XCTAssertEqual(sentences.map(\.sectionID), [nil, nil, nil])
    }

    func testASectionStartCutsAndLabelsTheSentence() {
        let t = transcript(["first", "i", "was", "lead", "my", "task", "was", "to", "fix", "it"])
        let sentences = ReportSentence.split(t, pauses: [], structure: [section("situation", at: 0), section("task", at: t.words[4].start),
                                                                        section("result", at: nil)])
        XCTAssertEqual(sentences.map(\.words), [0..<4, 4..<10])
        XCTAssertEqual(sentences.map(\.sectionID), ["situation", "task"])
    }

    func testAHesitationFragmentJoinsTheNextSentenceOrTheOneBefore() {
        // "um" stands alone between two pauses; so does the trailing "and".
        let t = transcript(["i", "was", "lead", "um", "we", "had", "a", "bug", "and"], gapsBefore: [3: 0.7, 4: 0.7, 8: 0.7])
        let sentences = ReportSentence.split(t, pauses: [], structure: [])
        XCTAssertEqual(sentences.map(\.words), [0..<3, 3..<9])
    }
}
