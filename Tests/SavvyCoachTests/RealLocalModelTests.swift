import Foundation
import SavvyASR
import SavvySemantic
import XCTest
@testable import SavvyCoach

/// The full router path against a real llama.cpp server (xllamacpp wheel) with SmolLM2-135M,
/// started on 127.0.0.1 by `scripts/llm-server.sh` and stopped afterwards.
///
/// The protocol end to end: the server answers in the schema (so the answer is validated and
/// cached), and every part of it is either used — grounded in the transcript — or refused by the
/// checks with the reason recorded. A transport, HTTP or schema failure fails the test. Whether
/// SmolLM2's judgment is any good is measured by `bench/llm_compare.py`, not asserted here.
///
/// Needs `SAVVY_VENV` (default `<repo>/.venv`) with xllamacpp, and the GGUF at `SAVVY_LLM_MODEL`
/// (default `$SAVVY_VENV/models/SmolLM2-135M-Instruct.Q4_1.gguf`); skipped, saying which is
/// missing, when either is absent.
final class RealLocalModelTests: XCTestCase {
    func testRouterGetsAGroundedRubricFromARealModel() throws {
        let (venv, _) = try LocalLLMServer.installation()
        let log = Fixtures.temporaryDirectory(self).appendingPathComponent("llm-server.log")
        let startedServer = Date()
        // Issue 10 item 17: with no argument the script serves the model `make venv` installed.
        let server = try LocalLLMServer(venv: venv, model: ProcessInfo.processInfo.environment["SAVVY_LLM_MODEL"], log: log)
        defer { server.stop() }
        XCTAssertTrue(server.waitUntilListening(timeout: 120), "server did not start; see \(log.path)")
        let startup = Date().timeIntervalSince(startedServer)

        var configuration = CoachConfiguration()
        configuration.baseURLs[.local] = server.baseURL
        let cache = MemoryJudgmentCache()
        // With the sentence model installed (`make venv`) the semantic tier sits under the model
        // and the model's Relevance is checked against it (issue 14 item 5) on a real reply.
        let embedder = try SentenceEncoder.locate(environment: ProcessInfo.processInfo.environment)
            .map { try SentenceEncoder(modelDirectory: $0) }
        let router = ScoringRouter(configuration: configuration, cache: cache, embedder: embedder)
        let transcript = Fixtures.transcript(Fixtures.starComplete)
        // `.auto`: this test is about the protocol with a real server, so an answer that fails
        // the checks must show up as recorded check failures, not as a thrown `--coach llm` error.
        let options = ScoringOptions(coach: .auto, offline: true)

        let scoringStarted = Date()
        let rubric = try router.score(
            transcript: transcript, summary: Fixtures.summary(), drill: BuiltInDrills.star,
            prompt: Fixtures.conflictPrompt, options: options)
        let scoring = Date().timeIntervalSince(scoringStarted)

        XCTAssertEqual(
            rubric.provenance.decision.candidates(for: .structureExtraction).map(\.tier),
            [.llmLocal] + (embedder == nil ? [] : [.semantic]) + [.heuristic])
        let structure = try XCTUnwrap(rubric.provenance.outcome(for: .structureExtraction))
        let coaching = try XCTUnwrap(rubric.provenance.outcome(for: .semanticCoaching))
        for criterion in rubric.criteria { XCTAssertTrue(criterion.score.score.map((1...5).contains) == true, criterion.name) }
        // The model answered in the schema: the only degrades allowed are the checks on what it
        // said (a tiny model often fails them), never transport, HTTP or schema failures.
        let degrades = rubric.provenance.outcomes.flatMap { outcome in
            outcome.degraded.map { "\(outcome.workload.rawValue) \($0.model ?? "-"): \($0.reason.rawValue) (\($0.detail))" }
        }
        let checks: Set<DegradeReason> = [.implausible, .failedChecks, .ungrounded]
        for outcome in rubric.provenance.outcomes {
            for note in outcome.degraded { XCTAssertTrue(checks.contains(note.reason), "the model did not answer: \(degrades)") }
        }
        XCTAssertEqual(cache.entries.count, 1, "a validated answer is cached")

        // What the rubric took from the model is grounded: every kept section's quote occurs
        // verbatim (normalised) in the transcript, with times inside the recording.
        let transcriptTokens = TextNormalizer.tokens(transcript.text).joined(separator: " ")
        let kept = structure.tier == .llmLocal ? rubric.structureMap.filter(\.isPresent) : []
        for span in kept {
            let quote = TextNormalizer.tokens(try XCTUnwrap(span.quote)).joined(separator: " ")
            XCTAssertGreaterThanOrEqual(quote.split(separator: " ").count, Grounder.minimumQuoteTokens, span.sectionID)
            XCTAssertTrue(" \(transcriptTokens) ".contains(" \(quote) "), "section \(span.sectionID) quote is not in the transcript")
            let start = try XCTUnwrap(span.start), end = try XCTUnwrap(span.end)
            XCTAssertTrue(start < end && start >= transcript.words[0].start && end <= transcript.words.last!.end, span.sectionID)
        }
        if structure.tier == .llmLocal { XCTAssertFalse(kept.isEmpty, "no grounded section; dropped: \(structure.dropped)") }
        // The model's Relevance is kept only within two points of the on-device one; refused,
        // the on-device one stands and the note says so.
        var relevanceCheck = "no sentence model"
        if let embedder {
            let onDevice = try SemanticScorer(embedder: embedder).judge(
                transcript: transcript, drill: BuiltInDrills.star, prompt: Fixtures.conflictPrompt).relevance
            let refused = coaching.degraded.contains { $0.reason == .implausible && $0.detail.contains("the model's relevance") }
            if rubric.relevance.tier == coaching.tier, coaching.tier == .llmLocal {
                XCTAssertFalse(refused)
                let model = try XCTUnwrap(rubric.relevance.score), device = try XCTUnwrap(onDevice.score)
                XCTAssertLessThan(abs(model - device), JudgmentReview.relevanceGap)
            } else {
                XCTAssertEqual(rubric.relevance, onDevice, "without a usable model relevance the on-device one stands")
            }
            relevanceCheck = "on-device \(onDevice.score.map(String.init) ?? "not judged"), model's \(refused ? "refused" : "not refused")"
        }
        let path = "structure from \(structure.tier.rawValue) (\(rubric.structure.score.map(String.init) ?? "not judged")), coaching from \(coaching.tier.rawValue) "
            + "(relevance \(rubric.relevance.score.map(String.init) ?? "not judged") from \(rubric.relevance.tier.rawValue); \(relevanceCheck)), "
            + "sections kept: " + kept.map { "\($0.sectionID) “\($0.quote ?? "")”" }.joined(separator: ", ")
            + "; model tips \(rubric.tips.filter { $0.tier == .llmLocal }.count); checks failed: \(degrades)"

        let cachedStarted = Date()
        let again = try router.score(
            transcript: transcript, summary: Fixtures.summary(), drill: BuiltInDrills.star,
            prompt: Fixtures.conflictPrompt, options: options)
        let cached = Date().timeIntervalSince(cachedStarted)
        XCTAssertEqual(again.structure, rubric.structure, "the cache reproduces the judgment")
        XCTAssertEqual(again.relevance, rubric.relevance)
        XCTAssertEqual(again.structureMap, rubric.structureMap)
        XCTAssertEqual(again.tips, rubric.tips)
        XCTAssertEqual(again.provenance.outcomes.map(\.degraded), rubric.provenance.outcomes.map(\.degraded))
        XCTAssertLessThan(cached, 2, "served from the cache, not the model")
        print("real-model test: \(path); server start \(Clock.oneDecimal(startup)) s, score \(Clock.oneDecimal(scoring)) s, "
            + "rescore \(Clock.oneDecimal(cached)) s")
    }
}
