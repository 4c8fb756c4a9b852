import XCTest
@testable import SavvyCoach

final class DrillLibraryTests: XCTestCase {
    func testBuiltInBankIsComplete() throws {
        let library = DrillLibrary()
        XCTAssertEqual(library.drills.map(\.id), ["star", "prep", "pitch", "impromptu", "free"])
        for drill in library.drills {
            XCTAssertGreaterThanOrEqual(drill.prompts.count, 10, drill.id)
            XCTAssertFalse(drill.sections.isEmpty, drill.id)
            XCTAssertLessThan(drill.target.minSeconds, drill.target.maxSeconds, drill.id)
            for section in drill.sections {
                XCTAssertFalse(section.cues.isEmpty, "\(drill.id).\(section.id)")
                XCTAssertTrue(section.cues.allSatisfy { TextNormalizer.tokens($0).joined(separator: " ") == $0.replacingOccurrences(of: "'", with: "") },
                              "\(drill.id).\(section.id) cues are plain lower-case words")
            }
        }
    }

    func testUserFileAddsPromptsAndDrills() throws {
        let file = Fixtures.temporaryDirectory(self).appendingPathComponent("drills.json")
        try Data("""
            {"drills": [
              {"id": "star", "prompts": ["Tell me about your proudest launch."]},
              {"id": "standup", "title": "Stand-up", "summary": "Yesterday, today, blockers.",
               "target": {"minSeconds": 20, "maxSeconds": 60},
               "sections": [{"id": "yesterday", "name": "Yesterday", "purpose": "What got done.",
                             "cues": ["yesterday i"], "earliest": 0, "latest": 0.6}],
               "prompts": ["Give today's stand-up."]}
            ]}
            """.utf8).write(to: file)
        let library = try DrillLibrary(userFile: file)
        XCTAssertEqual(try library.drill(id: "star").prompts.last, "Tell me about your proudest launch.")
        XCTAssertEqual(try library.drill(id: "star").prompts.count, BuiltInDrills.star.prompts.count + 1)
        XCTAssertEqual(try library.drill(id: "standup").sections.map(\.id), ["yesterday"])
    }

    func testMissingUserFileIsFine() throws {
        let file = Fixtures.temporaryDirectory(self).appendingPathComponent("absent.json")
        XCTAssertEqual(try DrillLibrary(userFile: file), DrillLibrary())
    }

    func testBrokenUserFilesGiveOneClearLine() throws {
        let directory = Fixtures.temporaryDirectory(self)
        // (case id, file content, expected fragment of the message)
        let cases: [(String, String, String)] = [
            ("D1 not json", "{drills", "is not valid: not JSON"),
            ("D2 no drills key", "{}", "missing key 'drills'"),
            ("D3 override title", #"{"drills":[{"id":"star","title":"x"}]}"#, "can only get more 'prompts'"),
            ("D4 new drill incomplete", #"{"drills":[{"id":"mine","prompts":["a"]}]}"#, "needs title, summary, sections, target"),
            ("D5 bad id", #"{"drills":[{"id":"My Drill","prompts":["a"]}]}"#, "id must be lower-case"),
            ("D6 empty prompt", #"{"drills":[{"id":"star","prompts":[" "]}]}"#, "a prompt is empty"),
            ("D7 wrong type", #"{"drills":[{"id":"star","prompts":"one"}]}"#, "at drills[0].prompts: wrong type"),
            ("D8 bad target", #"{"drills":[{"id":"x","title":"t","summary":"s","target":{"minSeconds":9,"maxSeconds":1},"sections":[{"id":"a","name":"A","purpose":"p","cues":["c"],"earliest":0,"latest":1}],"prompts":["p"]}]}"#, "target needs 0 < minSeconds <= maxSeconds"),
        ]
        for (id, content, fragment) in cases {
            let file = directory.appendingPathComponent("\(id.prefix(2)).json")
            try Data(content.utf8).write(to: file)
            XCTAssertThrowsError(try DrillLibrary(userFile: file), id) { error in
                let message = (error as? CoachError)?.errorDescription ?? ""
                XCTAssertTrue(message.contains(fragment), "\(id): \(message)")
                XCTAssertTrue(message.contains(file.path), "\(id) names the file")
                XCTAssertFalse(message.contains("\n"), id)
            }
        }
    }

    func testUnknownDrillListsTheKnownOnes() {
        XCTAssertThrowsError(try DrillLibrary().drill(id: "sonnet")) { error in
            XCTAssertEqual((error as? CoachError)?.errorDescription,
                           "unknown drill 'sonnet'; choose one of: star, prep, pitch, impromptu, free")
        }
    }

    /// Drill titles inside sentences ("does not read like an elevator pitch at all"): acronyms
    /// kept, other first words lower-cased, "an" before a vowel.
    func testTitlesReadInsideASentence() {
        let cases: [(String, String, String)] = [
            ("STAR interview answer", "STAR interview answer", "a STAR interview answer"),
            ("PREP opinion answer", "PREP opinion answer", "a PREP opinion answer"),
            ("Elevator pitch", "elevator pitch", "an elevator pitch"),
            ("Impromptu talk", "impromptu talk", "an impromptu talk"),
            ("Free talk", "free talk", "a free talk"),
            ("Q", "Q", "a Q"),
        ]
        for (title, inSentence, withArticle) in cases {
            var drill = BuiltInDrills.star
            drill.title = title
            XCTAssertEqual(drill.titleInSentence, inSentence, title)
            XCTAssertEqual(drill.titleWithArticle, withArticle, title)
        }
    }
}
