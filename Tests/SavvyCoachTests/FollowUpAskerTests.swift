import Foundation
import XCTest
@testable import SavvyCoach

/// Issue 12: an LLM follow-up is kept only when it quotes the answer and names the quote — the
/// replies a model might give, injected through the transport, table-driven.
final class FollowUpAskerTests: XCTestCase {
    /// Answers every request with the next scripted body and counts the requests.
    private final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var bodies: [String]
        private(set) var requests = 0

        init(_ bodies: [String]) { self.bodies = bodies }

        func post(url: String, headers: [String: String], body: Data, timeoutSeconds: Double) -> Result<HTTPResponse, TransportFailure> {
            lock.lock()
            defer { lock.unlock() }
            requests += 1
            guard !bodies.isEmpty else { return .failure(.unreachable(detail: "no reply scripted")) }
            return .success(HTTPResponse(status: 200, headers: [:], body: Data(bodies.removeFirst().utf8)))
        }
    }

    private let answer = Fixtures.transcript(
        "I was the on-call lead when billing failed. I rolled back the schema change and added a retry queue.")

    private func asker(_ transport: ScriptedTransport) throws -> FollowUpAsker {
        let configuration = try CoachConfiguration.load(
            environment: ["SAVVY_LLM_LOCAL_URL": "http://127.0.0.1:9/v1"], configFile: nil)
        return FollowUpAsker(configuration: configuration, transport: transport, sleeper: RecordingSleeper(),
                             retry: RetryPolicy(maxAttempts: 1, baseDelaySeconds: 0, maxDelaySeconds: 0))
    }

    private func reply(question: String, quote: String) -> String {
        Fixtures.completion(content: Fixtures.json(["question": question, "excerpt": quote]))
    }

    func testIssue12_groundedQuestionIsKept() throws {
        let transport = ScriptedTransport([reply(
            question: "Why did you decide to \"rolled back the schema change\" rather than fix forward?",
            quote: "rolled back the schema change")])
        let asked = try asker(transport).ask(transcript: answer, question: "Tell me about an outage.", options: ScoringOptions())
        XCTAssertEqual(asked?.quote, "rolled back the schema change")
        XCTAssertEqual(asked?.provider, .local)
        XCTAssertEqual(transport.requests, 1)
    }

    func testIssue12_ungroundedOrMalformedQuestionsAreDropped() throws {
        let cases: [(id: String, body: String)] = [
            ("quote not in the answer", reply(question: "Why \"migrated the database\" at night?", quote: "migrated the database")),
            ("question does not name the quote", reply(question: "What did your manager say?", quote: "added a retry queue")),
            ("quote too short", reply(question: "Why \"billing\"?", quote: "billing")),
            ("not a question", reply(question: "Tell me about \"added a retry queue\".", quote: "added a retry queue")),
            ("too long", reply(question: "Why \"added a retry queue\" " + String(repeating: "and then what ", count: 10) + "?",
                               quote: "added a retry queue")),
            ("not JSON", Fixtures.completion(content: "Why did you add a retry queue?")),
            ("refusal", Fixtures.completion(content: nil, refusal: "I cannot help with that")),
        ]
        for c in cases {
            let transport = ScriptedTransport([c.body])
            XCTAssertNil(try asker(transport).ask(transcript: answer, question: "Q", options: ScoringOptions()), c.id)
            XCTAssertEqual(transport.requests, 1, c.id)
        }
    }

    func testIssue12_noTierNoRequest() throws {
        let transport = ScriptedTransport([])
        let unconfigured = FollowUpAsker(configuration: CoachConfiguration(), transport: transport)
        XCTAssertNil(unconfigured.ask(transcript: answer, question: "Q", options: ScoringOptions()))
        let heuristic = try asker(transport)
        XCTAssertNil(heuristic.ask(transcript: answer, question: "Q", options: ScoringOptions(coach: .heuristic, offline: false, noCache: false)))
        XCTAssertEqual(transport.requests, 0)
    }

    func testIssue12_requestConstrainsTheExcerptToTheAnswersSpans() throws {
        func body(_ provider: LLMProvider) throws -> [String: Any] {
            let data = FollowUpAsker.requestBody(model: "m", provider: provider, transcript: answer, question: "Tell me about an outage.")
            return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let spans = QuoteCandidates(index: TranscriptIndex(transcript: answer)).choices
        for provider in [LLMProvider.local, .openai] {
            let request = try body(provider)
            let format = try XCTUnwrap(request["response_format"] as? [String: Any])
            XCTAssertEqual(format["type"] as? String, "json_schema", provider.rawValue)
            let schema = try XCTUnwrap((format["json_schema"] as? [String: Any])?["schema"] as? [String: Any])
            XCTAssertEqual(schema["required"] as? [String], ["excerpt", "question"], provider.rawValue)
            let properties = try XCTUnwrap(schema["properties"] as? [String: [String: Any]])
            XCTAssertEqual(properties["excerpt"]?["enum"] as? [String], spans, provider.rawValue)
            // The local grammar bounds the question; OpenAI's strict mode rejects `maxLength` and
            // its newer models want `max_completion_tokens`.
            XCTAssertEqual(properties["question"]?["maxLength"] as? Int, provider == .local ? FollowUpAsker.maxQuestionCharacters : nil)
            XCTAssertEqual(request["max_tokens"] as? Int, provider == .local ? 160 : nil, provider.rawValue)
            XCTAssertEqual(request["max_completion_tokens"] as? Int, provider == .openai ? 160 : nil, provider.rawValue)
        }
        let data = FollowUpAsker.requestBody(model: "m", provider: .local, transcript: answer, question: "Q")
        XCTAssertEqual(data, FollowUpAsker.requestBody(model: "m", provider: .local, transcript: answer, question: "Q"), "same bytes")
        // llama.cpp generates properties in the schema's order: the excerpt comes first.
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertLessThan(try XCTUnwrap(text.range(of: "\"excerpt\":{")).lowerBound, try XCTUnwrap(text.range(of: "\"question\":{")).lowerBound)
    }
}
