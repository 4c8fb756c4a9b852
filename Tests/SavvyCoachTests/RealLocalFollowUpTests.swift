import Foundation
import SavvyASR
import XCTest
@testable import SavvyCoach

/// Issue 12: the interview's LLM follow-up against the real local tier — llama.cpp's server
/// with SmolLM2-135M (`LocalLLMServer`), through libcurl, not injected replies.
///
/// The contract, not a sentence: each request carries only the question asked and the answer's
/// text; the server answers (a transport or HTTP failure fails the test); and the grounding
/// check keeps the model's question exactly when it is grounded — its quote is 3 or more words
/// that occur in the answer, the question contains the quote, ends in "?" and has at most 30
/// words — and drops it otherwise, which is when the interview asks the on-device follow-up
/// instead. A model this small often quotes loosely, so both outcomes are fine; which one
/// happened is printed. The groundedness is judged here independently of `FollowUpAsker`, from
/// the raw reply the server sent.
final class RealLocalFollowUpTests: XCTestCase {
    /// Passes every request to the real libcurl transport and keeps what went out and came back.
    private final class RecordingTransport: HTTPTransport, @unchecked Sendable {
        private let real = CurlTransport()
        private let lock = NSLock()
        private var log: [(body: Data, result: Result<HTTPResponse, TransportFailure>)] = []

        var exchanges: [(body: Data, result: Result<HTTPResponse, TransportFailure>)] { lock.withLock { log } }

        func post(url: String, headers: [String: String], body: Data, timeoutSeconds: Double) -> Result<HTTPResponse, TransportFailure> {
            let result = real.post(url: url, headers: headers, body: body, timeoutSeconds: timeoutSeconds)
            lock.withLock { log.append((body, result)) }
            return result
        }
    }

    /// Lower-case words of letters, digits and apostrophes: a plain reading of "the same words",
    /// kept apart from `TextNormalizer` so the check is not the code under test.
    private func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'") }).map(String.init)
    }

    private func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    /// Whether the model's raw reply is a grounded follow-up for `answer`, and why not.
    private func judge(_ content: String, answer: Transcript) -> (grounded: Bool, why: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(content.utf8))) as? [String: Any],
              let question = object["question"] as? String, let quote = object["excerpt"] as? String
        else { return (false, "not a JSON object with excerpt and question") }
        let quoteWords = words(quote)
        if quoteWords.count < Grounder.minimumQuoteTokens { return (false, "quote shorter than 3 words") }
        if !contains(words(answer.text), quoteWords) { return (false, "quote not in the answer") }
        if !contains(words(question), quoteWords) { return (false, "question does not contain the quote") }
        let folded = question.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !folded.hasSuffix("?") { return (false, "not a question") }
        if folded.split(separator: " ").count > FollowUpAsker.maxQuestionWords { return (false, "too long") }
        return (true, "grounded")
    }

    func testIssue12_followUpFromARealLocalModelIsKeptExactlyWhenGrounded() throws {
        let (venv, _) = try LocalLLMServer.installation()
        let log = Fixtures.temporaryDirectory(self).appendingPathComponent("llm-server.log")
        let started = Date()
        let server = try LocalLLMServer(venv: venv, model: ProcessInfo.processInfo.environment["SAVVY_LLM_MODEL"], log: log)
        defer { server.stop() }
        XCTAssertTrue(server.waitUntilListening(timeout: 120), "server did not start; see \(log.path)")
        let startup = Date().timeIntervalSince(started)

        var configuration = CoachConfiguration()
        configuration.baseURLs[.local] = server.baseURL
        let transport = RecordingTransport()
        let asker = FollowUpAsker(configuration: configuration, transport: transport)
        let answers: [(question: String, answer: String)] = [
            (Fixtures.conflictPrompt, Fixtures.starComplete),
            ("Tell me about a time you fixed a production problem.",
             "Last spring our checkout page started timing out during a sale. I was on call, so I rolled back the newest "
                + "release and added a cache in front of the pricing service. Checkout worked again within an hour."),
        ]
        var outcomes: [String] = []
        for (index, item) in answers.enumerated() {
            let transcript = Fixtures.transcript(item.answer)
            let asked = asker.ask(transcript: transcript, question: item.question, options: ScoringOptions(coach: .auto, offline: true))
            XCTAssertEqual(transport.exchanges.count, index + 1, "one request per follow-up")
            let exchange = try XCTUnwrap(transport.exchanges.last)

            // What was sent: the question asked and the answer's text, as data, nothing else.
            let request = try XCTUnwrap(JSONSerialization.jsonObject(with: exchange.body) as? [String: Any])
            XCTAssertEqual(Set(request.keys), ["max_tokens", "messages", "model", "response_format", "seed", "temperature"])
            let messages = try XCTUnwrap(request["messages"] as? [[String: String]])
            let user = try XCTUnwrap(messages.last?["content"])
            let data = String(user.dropFirst("<<<DATA\n".count).dropLast("\nDATA>>>".count))
            let sent = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: String])
            XCTAssertEqual(sent, ["question_asked": item.question, "answer": transcript.text])

            // What came back: a real answer, then the check's verdict must match the contract.
            guard case let .success(response) = exchange.result else {
                return XCTFail("the local server did not answer: \(exchange.result)")
            }
            XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self))
            let envelope = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            let message = try XCTUnwrap(((envelope["choices"] as? [[String: Any]])?.first?["message"]) as? [String: Any])
            let content = message["content"] as? String ?? ""
            let verdict = judge(content, answer: transcript)
            XCTAssertEqual(asked != nil, verdict.grounded, "answer \(index + 1): \(verdict.why); the model said \(content)")
            if let asked {
                XCTAssertEqual(asked.provider, .local)
                XCTAssertTrue(contains(words(transcript.text), words(asked.quote)))
                outcomes.append("kept “\(asked.question)”")
            } else {
                outcomes.append("dropped (\(verdict.why): \(content.prefix(300))), the on-device follow-up is asked")
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        print("real-model follow-up: \(outcomes.joined(separator: "; ")); server start \(Clock.oneDecimal(startup)) s, "
            + "total \(Clock.oneDecimal(elapsed)) s")
    }
}
