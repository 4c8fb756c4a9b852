import Foundation
import XCTest
@testable import SavvyCoach

/// Issue 14 item 5: a model's answer is checked before use, and the LLM tier is never worse than
/// the on-device tier below it.
final class JudgmentReviewTests: XCTestCase {
    typealias Reply = FakeOpenAIServer.Reply

    func testIssue14_5_proseCheckTable() {
        // (id, text, expected problem or nil)
        let cases: [(String, String, String?)] = [
            ("P1 plain reason", "All four parts are present and the result is measured.", nil),
            ("P2 numbers inside prose", "Uses 3 of 5 prompt key words; 52 s is inside the 60–120 s target.", nil),
            ("P3 timestamp soup from SmolLM2", "2018-01-22 12:32:53.188.12.12", "fewer than two words"),
            ("P4 soup after words", "Structure score: 2018-01-22 12:32:53.188.12.12 12:32:53.188", "mostly digits and symbols"),
            ("P5 digit run in words", "the answer ends at 12:32:53.188 very well indeed okay", "contains digit runs"),
            ("P6 one word three times", "the the the situation is clear", "repeats 'the'"),
            ("P7 few words over and over", "good answer good answer good answer good answer", "repeats itself"),
            ("P8 cut at the cap", "The answer covers the situation and the task…", "cut off"),
            ("P9 too long", String(repeating: "word ", count: 60), "longer than 240 characters"),
            ("P10 empty", "  ", "empty"),
            ("P11 one word", "Good.", "fewer than two words"),
        ]
        for (id, text, expected) in cases {
            XCTAssertEqual(ProseCheck.problem(text, limit: ProseCheck.reasonLimit), expected, id)
        }
    }

    func testIssue14_5_nearDuplicateTipsTable() {
        // (id, first, second, duplicate)
        let cases: [(String, String, String, Bool)] = [
            ("D1 identical", "Quantify the result.", "quantify the result", true),
            ("D2 reworded", "Quantify the result with numbers.", "Give numbers when you quantify your result.", true),
            ("D3 filler tips", "Cut the fillers: pause silently instead.", "Use a silent pause instead of fillers.", true),
            ("D4 one shared word", "Add a Result part after the Action.", "Quantify the result.", false),
            ("D5 different", "Slow down in the opening.", "Name your own role in the task.", false),
        ]
        for (id, first, second, duplicate) in cases {
            XCTAssertEqual(ProseCheck.nearDuplicate(first, second), duplicate, id)
        }
    }

    func testIssue14_5_relevanceFarFromTheOnDeviceOneIsRefused() {
        // (id, the model's score, the on-device score or nil, kept)
        let cases: [(String, Int, Int?, Bool)] = [
            ("R1 model 5, on-device clearly off topic", 5, 1, false),
            ("R2 model 5, on-device off topic", 5, 2, false),
            ("R3 model 4, on-device clearly off topic", 4, 1, false),
            ("R4 model 1, on-device clearly on topic", 1, 5, false),
            ("R5 model 2, on-device clearly on topic", 2, 5, false),
            ("R6 model 1, on-device on topic", 1, 4, false),
            ("R7 two points apart is a matter of degree", 4, 2, true),
            ("R8 undecided on-device", 5, 3, true),
            ("R9 agreement", 5, 5, true),
            ("R10 no on-device judgment: nothing to compare", 5, nil, true),
        ]
        for (id, said, device, kept) in cases {
            let judgment = ModelJudgment(
                sections: [], structureScore: 3, structureReason: "three of four parts are present",
                structureConfidence: "high", relevanceScore: said, relevanceReason: "answers the question that was asked",
                tips: [])
            let onDevice = device.map { CriterionScore(score: $0, reason: "on-device reason", tier: .semantic) }
            switch JudgmentReview.relevance(judgment, onDevice: onDevice, tier: .llmLocal) {
            case let .success(criterion):
                XCTAssertTrue(kept, "\(id): kept")
                XCTAssertEqual(criterion.score, said, id)
                XCTAssertEqual(criterion.tier, .llmLocal, id)
            case let .failure(failure):
                XCTAssertFalse(kept, "\(id): refused: \(failure.detail)")
                XCTAssertEqual(failure.reason, .implausible, id)
                XCTAssertTrue(failure.detail.contains("relevance \(said)/5 contradicts the on-device \(device ?? 0)/5"), failure.detail)
                XCTAssertTrue(failure.detail.contains(device! <= 2 ? "finds the answer off topic" : "finds the answer on topic"), failure.detail)
                XCTAssertTrue(failure.detail.hasSuffix("(on-device reason)"), failure.detail)
            }
        }
    }

    // MARK: through the router, against a loopback server speaking the wire format

    private let sections = [
        ("situation", "At my last job our team was shipping"),
        ("task", "My task was to resolve the conflict"),
        ("action", "So I set up a meeting"),
        ("result", "As a result we agreed on one design"),
    ]

    private func reply(
        sections: [(String, String)]? = nil, structure: Int = 5, structureReason: String = "all four parts are present",
        relevanceReason: String = "answers the conflict question directly",
        tips: [(String, String)] = [("Quantify the result: how much time did the agreement save?", "we agreed on one design within two days")]
    ) -> Reply {
        let content: [String: Any] = [
            "sections": (sections ?? self.sections).map { ["section": $0.0, "quote": $0.1] },
            "structure_score": structure, "structure_reason": structureReason, "structure_confidence": "high",
            "relevance_score": 4, "relevance_reason": relevanceReason,
            "tips": tips.map { ["tip": $0.0, "quote": $0.1] },
        ]
        return Reply(body: Fixtures.completion(content: Fixtures.json(content)))
    }

    private func score(_ replies: [Reply], coach: CoachMode = .auto) throws -> ScoreRubric {
        let server = try FakeOpenAIServer(replies: replies)
        defer { server.stop() }
        var configuration = CoachConfiguration()
        configuration.baseURLs[.local] = server.baseURL
        return try ScoringRouter(configuration: configuration).score(
            transcript: Fixtures.transcript(Fixtures.starComplete), summary: Fixtures.summary(), drill: BuiltInDrills.star,
            prompt: Fixtures.conflictPrompt, options: ScoringOptions(coach: coach, offline: true))
    }

    private func onDevice() -> ScoreRubric {
        try! ScoringRouter(configuration: CoachConfiguration()).score(
            transcript: Fixtures.transcript(Fixtures.starComplete), summary: Fixtures.summary(), drill: BuiltInDrills.star,
            prompt: Fixtures.conflictPrompt, options: ScoringOptions(coach: .heuristic))
    }

    func testIssue14_5_digitSoupReasonsFallBackToTheOnDeviceCriteria() throws {
        let soup = "2018-01-22 12:32:53.188.12.12"
        let rubric = try score([reply(structureReason: soup, relevanceReason: soup)])
        let device = onDevice()
        XCTAssertEqual(rubric.structure, device.structure)
        XCTAssertEqual(rubric.structureMap, device.structureMap)
        XCTAssertEqual(rubric.relevance, device.relevance)
        let structure = try XCTUnwrap(rubric.provenance.outcome(for: .structureExtraction))
        XCTAssertEqual(structure.tier, .heuristic)
        XCTAssertEqual(structure.degraded.map(\.reason), [.failedChecks])
        XCTAssertEqual(structure.degraded.first?.detail, "structure reason is not usable prose (fewer than two words)")
        // The tips passed their checks, so coaching is still the model's, with the note.
        let coaching = try XCTUnwrap(rubric.provenance.outcome(for: .semanticCoaching))
        XCTAssertEqual(coaching.tier, .llmLocal)
        XCTAssertEqual(coaching.degraded.map(\.reason), [.failedChecks])
        XCTAssertTrue(rubric.tips.contains { $0.tier == .llmLocal })
        XCTAssertFalse(rubric.criteria.contains { $0.score.reason.contains("12:32") })
    }

    func testIssue14_5_nearDuplicateAndSoupTipsAreDropped() throws {
        let rubric = try score([reply(tips: [
            ("Quantify the result: how much time did the agreement save?", "we agreed on one design within two days"),
            ("Quantify your result: say how much time the agreement saved.", "As a result we agreed on one design"),
            ("12:32:53.188 12:32:53.188", "So I set up a meeting"),
            ("then I proposed a small prototype", "Then I proposed a small prototype"),
            ("Name the colleague's concern before your proposal.", "two engineers kept arguing about the design"),
        ])])
        let model = rubric.tips.filter { $0.tier == .llmLocal }
        XCTAssertEqual(model.map(\.text), [
            "Quantify the result: how much time did the agreement save?", "Name the colleague's concern before your proposal.",
        ])
        let dropped = try XCTUnwrap(rubric.provenance.outcome(for: .semanticCoaching)).dropped.map(\.why)
        XCTAssertEqual(dropped, ["repeats an earlier tip", "not usable prose (fewer than two words)", "only repeats the transcript"])
        for (index, tip) in rubric.tips.enumerated() {
            for other in rubric.tips[..<index] { XCTAssertFalse(ProseCheck.nearDuplicate(other.text, tip.text), tip.text) }
        }
    }

    func testIssue14_5_situationAtTheLastSentenceKeepsTheOnDeviceMap() throws {
        // The model puts Situation at the closing sentence, after the Result.
        let misplaced = [
            ("situation", "I learned that writing options down"),
            ("task", "My task was to resolve the conflict"),
            ("action", "So I set up a meeting"),
            ("result", "As a result we agreed on one design"),
        ]
        let rubric = try score([reply(sections: misplaced)])
        let device = onDevice()
        XCTAssertEqual(rubric.structureMap, device.structureMap, "the on-device map is kept")
        XCTAssertEqual(rubric.structure, device.structure)
        let structure = try XCTUnwrap(rubric.provenance.outcome(for: .structureExtraction))
        XCTAssertEqual(structure.tier, .heuristic)
        XCTAssertEqual(structure.degraded.map(\.reason), [.implausible])
        XCTAssertTrue(structure.degraded[0].detail.contains("out of order (Task, Action, Result, Situation)"), structure.degraded[0].detail)
    }

    func testIssue14_5_modelScoreFollowsItsOwnGroundedSections() throws {
        // A complete, ordered, grounded map called 1/5: the score cannot drop below one point
        // under what the sections support; a 5 for an incomplete map is capped (as before).
        let low = try score([reply(structure: 1)])
        XCTAssertEqual(low.structure.score, 4)
        XCTAssertEqual(low.structure.tier, .llmLocal)
        XCTAssertTrue(low.structure.reason.hasSuffix("(model said 1)"), low.structure.reason)
        let agreeing = try score([reply(structure: 4)])
        XCTAssertEqual(agreeing.structure.score, 4)
        XCTAssertEqual(agreeing.structure.reason, "all four parts are present")
    }

    func testIssue14_5_implausibilityRules() {
        func span(_ id: String, _ start: Double?, _ end: Double?) -> StructureSpan {
            StructureSpan(sectionID: id, name: id.capitalized, quote: start == nil ? nil : "q", start: start, end: end)
        }
        let device = [span("situation", 0, 9), span("task", 10, 19), span("action", 20, 39), span("result", 40, 50)]
        // (id, model map, model in order, device in order, expected fragment or nil)
        let cases: [(String, [StructureSpan], Bool, Bool, String?)] = [
            ("I1 agrees", [span("situation", 0.5, 9), span("task", 10.4, 19), span("action", 21, 39), span("result", 40, 50)], true, true, nil),
            ("I2 within tolerance", [span("situation", 1, 9), span("task", 8.7, 19), span("action", 20, 39), span("result", nil, nil)], true, true, nil),
            ("I3 out of order", [span("situation", 45, 50), span("task", 10, 19), span("action", 20, 39), span("result", 40, 44)], false, true, "run out of order"),
            ("I4 both out of order", [span("situation", 45, 50), span("task", 10, 19), span("action", 20, 39), span("result", 40, 44)], false, false, nil),
            ("I5 most misplaced", [span("situation", 12, 15), span("task", 25, 30), span("action", 42, 45), span("result", nil, nil)], true, true, "misplaces 3 of 3"),
            ("I6 coverage", [span("situation", 0, 9), span("task", nil, nil), span("action", nil, nil), span("result", nil, nil)], true, true, "proves 1 section where the on-device map finds 4"),
            ("I8 no section at all", [span("situation", nil, nil), span("task", nil, nil), span("action", nil, nil), span("result", nil, nil)], true, true, "proves 0 sections where the on-device map finds 4"),
            ("I7 two of four is fine", [span("situation", 0, 9), span("task", nil, nil), span("action", nil, nil), span("result", 40, 50)], true, true, nil),
        ]
        for (id, model, modelInOrder, deviceInOrder, fragment) in cases {
            let why = JudgmentReview.implausibility(model: model, modelInOrder: modelInOrder, onDevice: device, onDeviceInOrder: deviceInOrder)
            if let fragment {
                XCTAssertTrue(why?.contains(fragment) == true, "\(id): \(why ?? "nil")")
            } else {
                XCTAssertNil(why, id)
            }
        }
    }

    func testIssue14_5_coachLLMThrowsWhenNothingPassedTheChecks() throws {
        let soup = "2018-01-22 12:32:53.188.12.12"
        XCTAssertThrowsError(try score([reply(structureReason: soup, relevanceReason: soup, tips: [])], coach: .llm)) { error in
            guard case let .llmNoAnswer(why) = error as? CoachError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("local failed-checks: structure reason is not usable prose"), why)
        }
        XCTAssertThrowsError(try score([Reply(status: 500, body: "{}")], coach: .llm)) { error in
            guard case let .llmNoAnswer(why) = error as? CoachError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("local server-error: HTTP 500"), why)
        }
        // A usable answer under --coach llm is the model's.
        XCTAssertEqual(try score([reply()], coach: .llm).structure.tier, .llmLocal)
    }
}
