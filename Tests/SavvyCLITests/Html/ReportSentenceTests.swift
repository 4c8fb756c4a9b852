import SavvyASR
@testable import SavvyCLI
import SavvyCoach
import SavvyDSP
import XCTest

/// Sentences for the report: the transcript's own (punctuation, else pauses), cut again at
/// section starts; hesitation fragments join a neighbour.
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

    func testWithoutPunctuationLongGapsAndVADPausesCut() {
        let words = ["we", "had", "an", "outage", "so", "i", "called", "the", "team", "then", "we", "fixed", "it"]
        // A 0.3 s word gap (too short), a 0.8 s one (a boundary), and a 0.3 s one that the VAD
        // heard as a 0.45 s pause starting inside the stretched word before it.
        let t = transcript(words, gapsBefore: [4: 0.3 - 0.05, 6: 0.8 - 0.05, 9: 0.3 - 0.05])
        let pause = Pause(start: t.words[8].end - 0.15, end: t.words[9].start, kind: .normal)
        XCTAssertEqual(ReportSentence.split(t, pauses: [], structure: []).map(\.words), [0..<6, 6..<13])
        let sentences = ReportSentence.split(t, pauses: [pause], structure: [])
        XCTAssertEqual(sentences.map(\.words), [0..<6, 6..<9, 9..<13])
        XCTAssertEqual(sentences.map(\.sectionID), [nil, nil, nil])
    }

    func testPunctuationFromTheEngineDecides() {
        var t = transcript(["we", "had", "an", "outage", "i", "called", "the", "team", "then", "we", "fixed", "it"],
                           gapsBefore: [8: 0.9])
        for (i, display) in [3: "outage.", 7: "team,", 11: "it."] { t.words[i].display = display }
        // The long gap inside the punctuated run is not a boundary; the full stop is.
        XCTAssertEqual(ReportSentence.split(t, pauses: [], structure: []).map(\.words), [0..<4, 4..<12])
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
