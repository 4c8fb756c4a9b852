import XCTest
@testable import SavvyCoach

final class RouterDecisionTests: XCTestCase {
    private func decide(_ environment: [String: String], _ options: ScoringOptions = ScoringOptions()) throws -> RouterDecision {
        let configuration = try CoachConfiguration.load(environment: environment, configFile: nil)
        return try ScoringRouter(configuration: configuration).decide(options: options)
    }

    private func tiers(_ decision: RouterDecision, _ workload: Workload) -> [String] {
        decision.candidates(for: workload).map { $0.provider?.rawValue ?? $0.tier.rawValue }
    }

    func testNothingConfiguredIsHeuristicOnly() throws {
        let decision = try decide([:])
        XCTAssertEqual(tiers(decision, .deliveryMetrics), ["deterministic"])
        XCTAssertEqual(tiers(decision, .structureExtraction), ["heuristic"])
        XCTAssertEqual(tiers(decision, .semanticCoaching), ["heuristic"])
        XCTAssertTrue(decision.excluded.contains { $0.tier == .llmLocal && $0.why == "local_url not set" })
        XCTAssertTrue(decision.excluded.contains { $0.tier == .llmCloud && $0.why.hasPrefix("cloud not enabled") })
    }

    func testAKeyAloneDoesNotSendTranscriptsToTheCloud() throws {
        let decision = try decide(["GROQ_API_KEY": "gsk-test"])
        XCTAssertEqual(tiers(decision, .semanticCoaching), ["heuristic"])
    }

    func testWorkloadOrdersFollowTheDesign() throws {
        let decision = try decide([
            "SAVVY_LLM_CLOUD": "groq,openai", "GROQ_API_KEY": "g", "OPENAI_API_KEY": "o",
            "SAVVY_LLM_LOCAL_URL": "http://127.0.0.1:8080/v1",
        ])
        XCTAssertEqual(tiers(decision, .deliveryMetrics), ["deterministic"])
        XCTAssertEqual(tiers(decision, .structureExtraction), ["local", "groq", "openai", "heuristic"])
        XCTAssertEqual(tiers(decision, .semanticCoaching), ["groq", "openai", "local", "heuristic"])
        let groq = try XCTUnwrap(decision.candidates(for: .semanticCoaching).first)
        XCTAssertEqual(groq.model, "openai/gpt-oss-20b")
        XCTAssertEqual(groq.escalationModel, "openai/gpt-oss-120b")
        let openai = decision.candidates(for: .semanticCoaching)[1]
        XCTAssertEqual([openai.model, openai.escalationModel], ["gpt-4o-mini", "gpt-4o"])
    }

    func testOfflineDropsCloudButKeepsLoopback() throws {
        let decision = try decide(
            ["SAVVY_LLM_CLOUD": "groq", "GROQ_API_KEY": "g", "SAVVY_LLM_LOCAL_URL": "http://localhost:8080/v1"],
            ScoringOptions(offline: true))
        XCTAssertEqual(tiers(decision, .semanticCoaching), ["local", "heuristic"])
        XCTAssertTrue(decision.excluded.contains { $0.tier == .llmCloud && $0.why == "--offline" })
    }

    func testCapabilityNeedsTheKey() throws {
        let decision = try decide(["SAVVY_LLM_CLOUD": "groq,proxy", "SAVVY_LLM_PROXY_URL": "https://llm.example.org/v1"])
        XCTAssertEqual(tiers(decision, .semanticCoaching), ["heuristic"])
        XCTAssertTrue(decision.excluded.contains { $0.provider == .groq && $0.why == "GROQ_API_KEY not set" })
        XCTAssertTrue(decision.excluded.contains { $0.provider == .proxy && $0.why == "SAVVY_LLM_TOKEN not set" })
    }

    func testProxyUsesTokenWithoutProviderKey() throws {
        let decision = try decide([
            "SAVVY_LLM_CLOUD": "proxy", "SAVVY_LLM_PROXY_URL": "https://llm.example.org/v1", "SAVVY_LLM_TOKEN": "t",
        ])
        XCTAssertEqual(tiers(decision, .semanticCoaching), ["proxy", "heuristic"])
    }

    func testCoachLLMOptsInToKeyedProvidersOrFailsClearly() throws {
        XCTAssertEqual(tiers(try decide(["OPENAI_API_KEY": "o"], ScoringOptions(coach: .llm)), .semanticCoaching), ["openai", "heuristic"])
        XCTAssertThrowsError(try decide([:], ScoringOptions(coach: .llm))) { error in
            let message = (error as? CoachError)?.errorDescription ?? ""
            XCTAssertTrue(message.hasPrefix("no LLM tier can run ("), message)
            XCTAssertTrue(message.contains("GROQ_API_KEY not set"), message)
        }
    }

    func testCoachHeuristicExcludesEverything() throws {
        let decision = try decide(["SAVVY_LLM_LOCAL_URL": "http://127.0.0.1:1/v1"], ScoringOptions(coach: .heuristic))
        XCTAssertEqual(tiers(decision, .structureExtraction), ["heuristic"])
    }

    func testDecisionRoundTripsThroughJSON() throws {
        let decision = try decide(["SAVVY_LLM_CLOUD": "groq", "GROQ_API_KEY": "g", "SAVVY_LLM_LOCAL_URL": "http://127.0.0.1:8080/v1"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(decision)
        XCTAssertEqual(try JSONDecoder().decode(RouterDecision.self, from: data), decision)
        XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("\"g\""), "no credential in the stored decision")
    }
}
