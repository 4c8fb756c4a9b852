import Foundation
import SavvyASR
import XCTest
@testable import SavvyCoach

/// Issue 9 item 4: an untrusted transcript gives a rubric whose content and word-based criteria
/// are not judged (nil score with a reason), whose overall comes from what was judged, and whose
/// JSON says `null` rather than a number computed from invented or missing words.
final class NotJudgedRubricTests: XCTestCase {
    private let reason = "words cover only 37 % of the speech"

    private func untrusted(_ router: ScoringRouter = ScoringRouter(configuration: CoachConfiguration()),
                           summary: DeliverySummary = Fixtures.summary(duration: 200, pitchSD: 1.5),
                           coach: CoachMode = .auto) throws -> ScoreRubric {
        try router.scoreUntrusted(summary: summary, drill: BuiltInDrills.star, prompt: Fixtures.conflictPrompt,
                                  options: ScoringOptions(coach: coach, offline: true), reason: reason)
    }

    func testIssue9_UntrustedTranscriptLeavesContentAndWordCriteriaNotJudged() throws {
        let rubric = try untrusted()
        for criterion in [rubric.structure, rubric.relevance, rubric.fluency, rubric.pace, rubric.delivery] {
            XCTAssertNil(criterion.score)
            XCTAssertEqual(criterion.reason, "not judged: the transcript is not trusted (\(reason))")
        }
        // Pitch and length are read from the audio: still judged, by the same rules as always.
        let audioOnly = Fixtures.summary(duration: 200, pitchSD: 1.5)
        XCTAssertEqual(rubric.engagement, DeliveryRubric.engagement(audioOnly))
        XCTAssertEqual(rubric.conciseness, DeliveryRubric.conciseness(audioOnly, target: BuiltInDrills.star.target))
        XCTAssertNil(rubric.content)
        XCTAssertNil(rubric.pronunciation)
        XCTAssertTrue(rubric.structureMap.isEmpty)
        let judged = try [rubric.engagement, rubric.conciseness].map { try XCTUnwrap($0.score) }
        let mean = (Double(judged.reduce(0, +) * 10) / Double(judged.count)).rounded() / 10
        XCTAssertEqual(rubric.deliverySubtotal, mean)
        XCTAssertEqual(rubric.overall, mean, "overall from the judged delivery criteria alone")
        // Only the delivery workload was judged; no content tier was asked.
        XCTAssertEqual(rubric.provenance.outcomes.map(\.workload), [.deliveryMetrics])
    }

    func testIssue9_UntrustedTipsComeOnlyFromTheAudio() throws {
        // 210 wpm and 12 fillers a minute would give pace and filler tips, were the words trusted.
        let summary = Fixtures.summary(duration: 200, wpm: 210, fillersPerMinute: 12, pitchSD: 1.5, stalls: 2)
        let rubric = try untrusted(summary: summary)
        let evidence = rubric.tips.map(\.evidence).joined(separator: " | ")
        XCTAssertFalse(evidence.contains("wpm"), evidence)
        XCTAssertFalse(evidence.contains("filler"), evidence)
        XCTAssertFalse(evidence.contains("relevance"), evidence)
        XCTAssertTrue(evidence.contains("pitch SD"), evidence)
        XCTAssertTrue(evidence.contains("over 3 s"), evidence)
        XCTAssertTrue(evidence.contains("200 s"), evidence)
    }

    func testIssue9_UntrustedTranscriptAsksNoModel() throws {
        let server = try FakeOpenAIServer(replies: [])
        defer { server.stop() }
        var configuration = CoachConfiguration()
        configuration.baseURLs[.local] = server.baseURL
        let rubric = try untrusted(ScoringRouter(configuration: configuration), coach: .llm)
        XCTAssertTrue(server.requests.isEmpty, "a model was asked to judge untrusted words")
        XCTAssertNil(rubric.structure.score)
    }

    func testIssue9_NotJudgedIsNullInJSONAndSurvivesARoundTrip() throws {
        let rubric = try untrusted()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(rubric)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertTrue(json["content"] is NSNull, "content is written as null")
        let pace = try XCTUnwrap(json["pace"] as? [String: Any])
        XCTAssertTrue(pace["score"] is NSNull, "a not-judged score is written as null")
        XCTAssertEqual(try JSONDecoder().decode(ScoreRubric.self, from: data), rubric)
    }

    func testIssue9_JudgedTotalsAreUnchangedAndOldRubricsStillRead() throws {
        // Every criterion judged: the `ScoreWeights` totals. Structure 5 with Relevance 2 (off
        // topic) is content 2; (2 × 2 + 3.2) / 3 = 2.4.
        let c = { (score: Int) in CriterionScore(score: score, reason: "r", tier: .deterministic) }
        let totals = ScoreRubric.totals(content: [c(5), c(2)], delivery: [c(4), c(3), c(3), c(5), c(1)])
        XCTAssertEqual(totals.0, 2.0)
        XCTAssertEqual(totals.1, 3.2)
        XCTAssertEqual(totals.2, 2.4)
        // With Structure not judged, content is the Relevance alone.
        let partial = ScoreRubric.totals(content: [.notJudged(reason: "r", tier: .semantic), c(4)], delivery: [c(4), c(3), c(3), c(5), c(1)])
        XCTAssertEqual(partial.0, 4.0)
        // A stored rubric without subtotals (before version 2) computes them from its criteria.
        let router = ScoringRouter(configuration: CoachConfiguration())
        let judged = try router.score(
            transcript: Fixtures.transcript(Fixtures.starComplete), summary: Fixtures.summary(), drill: BuiltInDrills.star,
            prompt: Fixtures.conflictPrompt, options: ScoringOptions(coach: .heuristic))
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(judged)) as? [String: Any])
        object["content"] = nil
        object["deliverySubtotal"] = nil
        let old = try JSONDecoder().decode(ScoreRubric.self, from: JSONSerialization.data(withJSONObject: object))
        XCTAssertEqual(old.content, judged.content)
        XCTAssertEqual(old.deliverySubtotal, judged.deliverySubtotal)
    }
}
