import Foundation
import SavvyASR
import SavvySemantic
import XCTest
@testable import SavvyCoach

/// Issue 14: the semantic tier with the real all-MiniLM-L6-v2 encoder. Skipped only when the
/// sentence model is not installed (`make venv` installs it).
final class SemanticModelTests: XCTestCase {
    /// One encoder for the whole class: loading the 90 MB model per test would dominate the run.
    nonisolated(unsafe) private static var shared: SentenceEncoder?
    /// And one cache, so the drill's exemplars and prompt bank are embedded once per run.
    nonisolated(unsafe) private static var cache: EmbeddingCache?

    private func encoder() throws -> SentenceEncoder {
        if let shared = Self.shared { return shared }
        guard let directory = SentenceEncoder.locate(environment: ProcessInfo.processInfo.environment) else {
            throw XCTSkip("sentence model not installed (make venv)")
        }
        let encoder = try SentenceEncoder(modelDirectory: directory)
        Self.shared = encoder
        return encoder
    }

    private func cached() throws -> EmbeddingCache {
        if let cache = Self.cache { return cache }
        let cache = EmbeddingCache(try encoder())
        Self.cache = cache
        return cache
    }

    func testIssue14_withTheModelTheSemanticTierJudgesByDefault() throws {
        let encoder = try encoder()
        let router = ScoringRouter(configuration: CoachConfiguration(), embedder: encoder)
        let decision = try router.decide(options: ScoringOptions())
        XCTAssertEqual(decision.candidates(for: .structureExtraction).map(\.tier), [.semantic, .heuristic])
        XCTAssertEqual(decision.candidates(for: .semanticCoaching).map(\.tier), [.semantic, .heuristic])
        let heuristicOnly = try router.decide(options: ScoringOptions(coach: .heuristic))
        XCTAssertEqual(heuristicOnly.candidates(for: .structureExtraction).map(\.tier), [.heuristic])

        let rubric = try router.score(
            transcript: Fixtures.transcript(SemanticTierTests.naturalSTAR), summary: Fixtures.summary(), drill: BuiltInDrills.star,
            prompt: SemanticTierTests.processPrompt, options: ScoringOptions())
        let outcome = try XCTUnwrap(rubric.provenance.outcome(for: .structureExtraction))
        XCTAssertEqual(outcome.tier, .semantic)
        XCTAssertEqual(outcome.model, "all-MiniLM-L6-v2/\(SemanticScorer.version)")
        XCTAssertEqual(rubric.structure.tier, .semantic)
        XCTAssertEqual(rubric.structureMap.map(\.isPresent), [true, true, true, true], rubric.structure.reason)
        XCTAssertEqual(rubric.structure.inOrder, true)
        let quotes = rubric.structureMap.compactMap(\.quote)
        XCTAssertTrue(quotes[0].hasPrefix("two winters ago"), quotes[0])
        XCTAssertTrue(quotes[1].hasPrefix("getting the waiting times"), quotes[1])
        XCTAssertTrue(quotes[2].hasPrefix("i listened"), quotes[2])
        XCTAssertTrue(quotes[3].hasPrefix("within three weeks"), quotes[3])
    }

    func testIssue14_relevanceSeparatesOnTopicFromFluentOffTopic() throws {
        let scorer = SemanticScorer(embedder: try cached())
        let transcript = Fixtures.transcript(SemanticTierTests.naturalSTAR)
        let onTopic = try scorer.judge(transcript: transcript, drill: BuiltInDrills.star, prompt: SemanticTierTests.processPrompt)
        let offTopic = try scorer.judge(
            transcript: transcript, drill: BuiltInDrills.star,
            prompt: "Describe a situation where you had to persuade a sceptical stakeholder.")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(onTopic.relevance.score), 4, onTopic.relevance.reason)
        XCTAssertLessThanOrEqual(try XCTUnwrap(offTopic.relevance.score), 2, offTopic.relevance.reason)
        XCTAssertTrue(offTopic.relevance.reason.hasPrefix("off topic"), offTopic.relevance.reason)
        XCTAssertTrue(offTopic.relevance.reason.contains("not addressed: "), offTopic.relevance.reason)
        XCTAssertTrue(onTopic.relevance.reason.contains("'within three weeks"), onTopic.relevance.reason)
    }

    func testIssue14_semanticJudgmentIsDeterministic() throws {
        let scorer = SemanticScorer(embedder: try cached())
        let transcript = Fixtures.transcript(SemanticTierTests.naturalSTAR)
        let first = try scorer.judge(transcript: transcript, drill: BuiltInDrills.star, prompt: SemanticTierTests.processPrompt)
        let second = try scorer.judge(transcript: transcript, drill: BuiltInDrills.star, prompt: SemanticTierTests.processPrompt)
        XCTAssertEqual(first, second)
    }

}
