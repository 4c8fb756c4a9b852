import XCTest
@testable import SavvyCoach

final class TextTests: XCTestCase {
    func testNormalisationFoldsCasePunctuationAndApostrophes() {
        XCTAssertEqual(TextNormalizer.tokens("  That's why, I — SAID:\n\"so\"! "), ["thats", "why", "i", "said", "so"])
    }

    func testLightStemmingJoinsWordForms() {
        // (case id, words that must share a stem)
        let cases: [(String, [String])] = [
            ("S1", ["resolve", "resolved", "resolving", "resolves"]), ("S2", ["colleague", "colleagues"]),
            ("S3", ["conflict", "conflicts"]), ("S4", ["meeting", "meetings"]), ("S5", ["stop", "stopped"]),
            ("S6", ["process", "processes"]), ("S7", ["priority", "priorities"]),
            // Irregular forms: the suffix rules alone leave "led" apart from "leading".
            ("S8", ["led", "lead", "leading", "leads"]), ("S9", ["wrote", "written", "write", "writing"]),
            ("S10", ["taught", "teach", "teaching"]), ("S11", ["built", "building", "build"]),
        ]
        for (id, words) in cases {
            XCTAssertEqual(Set(words.map(ContentWords.stem)).count, 1, "\(id): \(words.map(ContentWords.stem))")
        }
        XCTAssertNotEqual(ContentWords.stem("meet"), ContentWords.stem("mean"))
    }

    func testContentWordsDropStopWordsAndPromptPhrasing() {
        XCTAssertEqual(ContentWords.stems(Fixtures.conflictPrompt), ["resolv", "conflict", "colleagu"])
    }

    /// The prompt-phrasing verbs in the forms prompts use ("a mistake you made"): the relevance
    /// reason had told answers about the mistake that they never say "made".
    func testContentWordsDropEveryFormOfPromptPhrasing() {
        XCTAssertEqual(ContentWords.keyWords("Tell me about a mistake you made at work and how you handled it."),
                       ["mistake", "work", "handled"])
        XCTAssertEqual(ContentWords.keyWords("Describe a decision you made with incomplete information."),
                       ["decision", "incomplete", "information"])
        XCTAssertEqual(ContentWords.keyWords("She told us what she thought; times were hard"), ["hard"])
    }

    func testGroundingIgnoresCaseAndPunctuationButNotWords() {
        let index = TranscriptIndex(transcript: Fixtures.transcript(Fixtures.starComplete))
        guard case let .found(match) = Grounder.locate("My TASK was, to resolve the conflict!", in: index) else {
            return XCTFail("normalised quote should ground")
        }
        XCTAssertEqual(index.words[match.firstWord].text, "my")
        XCTAssertEqual(index.words[match.lastWord].text, "conflict")
        XCTAssertLessThan(match.start, match.end)
        XCTAssertEqual(Grounder.locate("my task was to fix the build", in: index), .dropped(.notFound))
        XCTAssertEqual(Grounder.locate("so i", in: index), .dropped(.tooShort))
    }
}
