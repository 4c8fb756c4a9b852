import Foundation
import XCTest
@testable import SavvyCoach

/// Issue 10, items 1, 2 and 4: the local tier stays on this machine, never goes through a proxy,
/// and nothing a server writes reaches a report, a note or the cache with a key or an escape.
final class LLMTransportSecurityTests: XCTestCase {
    typealias Reply = FakeOpenAIServer.Reply
    private let groqKey = "gsk-secret-groq-0123456789abcdef"
    private let openAIKey = "sk-secret-openai-fedcba9876543210"
    private let proxyToken = "tok-secret-proxy-5555"

    // MARK: item 1 — loopback by literal address only

    func testIssue10_1_localURLMustBeALiteralLoopbackAddress() throws {
        // (id, local_url, accepted)
        let cases: [(String, String, Bool)] = [
            ("L1 IPv4 loopback", "http://127.0.0.1:8080/v1", true),
            ("L2 other 127/8 address", "http://127.45.6.7:9000/v1", true),
            ("L3 localhost", "http://localhost:8080/v1", true),
            ("L4 localhost upper case", "http://LOCALHOST:8080/v1", true),
            ("L5 IPv6 loopback", "http://[::1]:7000/v1", true),
            ("L6 IPv6 loopback long form", "http://[0:0:0:0:0:0:0:1]:7000/v1", true),
            ("L7 https on loopback", "https://127.0.0.1/v1", true),
            ("R1 name starting with 127", "http://127.evil.example/v1", false),
            ("R2 wildcard DNS name", "http://127.0.0.1.nip.io:8080/v1", false),
            ("R3 localhost as a subdomain", "http://localhost.evil.example/v1", false),
            ("R4 private address", "http://10.0.0.5:8080/v1", false),
            ("R5 IPv4-mapped IPv6", "http://[::ffff:127.0.0.1]/v1", false),
            ("R6 userinfo hiding the host", "http://127.0.0.1@evil.example/v1", false),
            ("R7 trailing dot is a name", "http://127.0.0.1./v1", false),
            ("R8 public address", "http://8.8.8.8/v1", false),
            ("R9 IPv6 other address", "http://[::2]/v1", false),
        ]
        for (id, url, accepted) in cases {
            let load = { try CoachConfiguration.load(environment: ["SAVVY_LLM_LOCAL_URL": url], configFile: nil) }
            if accepted {
                let configuration = try load()
                guard case .available = configuration.endpoint(for: .local) else { return XCTFail(id) }
            } else {
                XCTAssertThrowsError(try load(), id) { error in
                    guard case .localEndpointNotLoopback = error as? CoachError else { return XCTFail("\(id): \(error)") }
                    let message = (error as? CoachError)?.errorDescription ?? ""
                    XCTAssertTrue(message.contains("is not a loopback address"), "\(id): \(message)")
                    XCTAssertTrue(message.contains("names are not looked up"), "\(id): \(message)")
                    XCTAssertFalse(message.contains("\n"), "\(id): one line")
                }
            }
        }
    }

    // MARK: item 2 — no proxy for loopback

    func testIssue10_2_localTierNeverGoesThroughAProxy() throws {
        let server = try FakeOpenAIServer(replies: [Reply(body: Fixtures.groundedReply())])
        defer { server.stop() }
        // A real listener standing in for the proxy: it must receive nothing.
        let proxy = try FakeOpenAIServer(replies: [Reply(status: 502, body: "proxy")])
        defer { proxy.stop() }
        let variables = ["http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy", "no_proxy", "NO_PROXY"]
        let saved = variables.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        for name in variables { unsetenv(name) }
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            setenv(name, "http://127.0.0.1:\(proxy.port)", 1)
        }

        var configuration = CoachConfiguration()
        configuration.baseURLs[.local] = server.baseURL
        let rubric = try ScoringRouter(configuration: configuration).score(
            transcript: Fixtures.transcript(Fixtures.starComplete), summary: Fixtures.summary(), drill: BuiltInDrills.star,
            prompt: Fixtures.conflictPrompt, options: ScoringOptions(coach: .llm, offline: true))
        XCTAssertEqual(proxy.requests.count, 0, "the proxy received the transcript")
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(rubric.provenance.outcome(for: .semanticCoaching)?.tier, .llmLocal)
    }

    // MARK: item 4 — keys and escapes from a server

    /// Scores with the local tier at a fake server, every kind of key configured.
    private func scoreLocally(_ replies: [Reply], cache: MemoryJudgmentCache? = nil) throws -> ScoreRubric {
        let server = try FakeOpenAIServer(replies: replies)
        defer { server.stop() }
        var configuration = CoachConfiguration()
        configuration.baseURLs[.local] = server.baseURL
        configuration.credentials[.groq] = Secret(groqKey)
        configuration.credentials[.openai] = Secret(openAIKey)
        configuration.credentials[.proxy] = Secret(proxyToken)
        return try ScoringRouter(configuration: configuration, cache: cache).score(
            transcript: Fixtures.transcript(Fixtures.starComplete), summary: Fixtures.summary(), drill: BuiltInDrills.star,
            prompt: Fixtures.conflictPrompt, options: ScoringOptions(coach: .auto, offline: true))
    }

    private func assertClean(_ text: String, _ id: String, file: StaticString = #filePath, line: UInt = #line) {
        for secret in [groqKey, openAIKey, proxyToken] {
            XCTAssertFalse(text.lowercased().contains(secret.lowercased()), "\(id): key shown or stored: \(text)", file: file, line: line)
        }
        // Every piece of a key too: a cut in the middle must not leave half of one behind.
        XCTAssertFalse(text.contains("0123456789abcdef"), "\(id): part of a key: \(text)", file: file, line: line)
        let controls = text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) }
        XCTAssertTrue(controls.isEmpty, "\(id): control characters \(controls.map { String($0.value, radix: 16) }): \(text)", file: file, line: line)
        XCTAssertFalse(text.contains("[31m") || text.contains("]0;"), "\(id): escape sequence remains: \(text)", file: file, line: line)
    }

    func testIssue10_4_errorFieldsFromAServerAreRedactedAndStripped() throws {
        let long = String(repeating: "x", count: 150)
        // (id, status, error object, a fragment the detail must still carry)
        let cases: [(String, Int, [String: Any], String)] = [
            ("E1 key in type", 401, ["message": "bad key", "type": "invalid key \(groqKey)"], "invalid key <redacted>"),
            ("E2 key in code", 403, ["message": "denied", "code": groqKey], "<redacted>"),
            ("E3 another provider's key in message", 400, ["message": "you sent \(openAIKey)", "type": "t"], "you sent <redacted>"),
            ("E4 proxy token upper-cased", 400, ["message": proxyToken.uppercased(), "type": "t"], "<redacted>"),
            ("E5 colour escape in message", 500, ["message": "\u{1B}[31mred\u{1B}[0m alert", "type": "server_error"], "red alert"),
            ("E6 title escape in type", 500, ["message": "m", "type": "\u{1B}]0;owned\u{07}server_error"], "server_error"),
            ("E7 key split by an escape", 401, ["message": "k=gsk-secret-groq-\u{1B}[0m0123456789abcdef", "type": "t"], "k=<redacted>"),
            ("E8 key across the length cut", 400, ["message": long + groqKey, "type": "t"], "xxx"),
            ("E9 C1 CSI and bidi override", 400, ["message": "a\u{9B}31mb \u{202E}evil", "type": "t"], "ab evil"),
            ("E10 newlines and tabs", 400, ["message": "line1\nline2\tend", "type": "t"], "line1 line2 end"),
        ]
        for (id, status, error, fragment) in cases {
            let body = Fixtures.json(["error": error])
            let rubric = try scoreLocally([Reply(status: status, body: body)])
            let notes = rubric.provenance.outcomes.flatMap(\.degraded)
            XCTAssertFalse(notes.isEmpty, id)
            for note in notes {
                assertClean(note.detail, id)
                XCTAssertTrue(note.detail.contains(fragment), "\(id): \(note.detail)")
            }
            // What is stored: the encoded rubric.
            let encoded = String(decoding: try JSONEncoder().encode(rubric), as: UTF8.self)
            assertClean(encoded.replacingOccurrences(of: "\\u001b", with: "\u{1B}"), "\(id) stored")
        }
    }

    func testIssue10_4_modelTextIsRedactedAndStrippedBeforeUseAndCache() throws {
        let content: [String: Any] = [
            "sections": [
                ["section": "situation", "quote": "At my last job our team was shipping"],
                ["section": "task", "quote": "My task was to resolve the conflict"],
                ["section": "action", "quote": "So I set up a meeting"],
                ["section": "result", "quote": "As a result we agreed on one design"],
            ],
            "structure_score": 5,
            "structure_reason": "\u{1B}[31mall four parts\u{1B}[0m are present, key \(groqKey)",
            "structure_confidence": "high",
            "relevance_score": 4,
            "relevance_reason": "answers the question \u{1B}]0;title\u{07}directly for \(proxyToken)",
            "tips": [["tip": "Quantify the result \u{9B}2J and say \(openAIKey) less", "quote": "we agreed on one design within two days"]],
        ]
        let cache = MemoryJudgmentCache()
        let rubric = try scoreLocally([Reply(body: Fixtures.completion(content: Fixtures.json(content)))], cache: cache)
        XCTAssertEqual(rubric.relevance.tier, .llmLocal)
        assertClean(rubric.structure.reason, "structure reason")
        assertClean(rubric.relevance.reason, "relevance reason")
        for tip in rubric.tips { assertClean(tip.text, "tip") }
        XCTAssertTrue(rubric.relevance.reason.contains("directly for <redacted>"), rubric.relevance.reason)
        XCTAssertEqual(cache.entries.count, 1)
        for entry in cache.entries.values {
            let stored = String(decoding: entry.response, as: UTF8.self)
            assertClean(stored.replacingOccurrences(of: "\\u001b", with: "\u{1B}").replacingOccurrences(of: "\\u009b", with: "\u{9B}"), "cache")
        }
    }

    func testRedactorTable() {
        let redactor = Redactor(secrets: ["abc-secret-1", "abc-secret-12", ""])
        // (id, input, output)
        let cases: [(String, String, String)] = [
            ("C1 plain", "hello world", "hello world"),
            ("C2 longer key first", "x abc-secret-12 y", "x <redacted> y"),
            ("C3 case-insensitive", "ABC-SECRET-1", "<redacted>"),
            ("C4 CSI", "a\u{1B}[1;31mb", "ab"),
            ("C5 OSC with ST", "a\u{1B}]8;;http://x\u{1B}\\b", "ab"),
            ("C6 two-byte escape", "a\u{1B}cb", "ab"),
            ("C7 DEL and NUL", "a\u{7F}b\u{0}c", "abc"),
            ("C8 whitespace folded", " a \n\n b\t", "a b"),
            ("C9 empty secret ignored", "", ""),
            ("C10 bidi isolates", "a\u{2066}b\u{2069}c", "abc"),
        ]
        for (id, input, output) in cases {
            XCTAssertEqual(redactor.clean(input), output, id)
        }
    }
}
