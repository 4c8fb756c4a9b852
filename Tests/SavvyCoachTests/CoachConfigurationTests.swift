import Foundation
import XCTest
@testable import SavvyCoach

final class CoachConfigurationTests: XCTestCase {
    private func write(_ text: String, mode: mode_t) throws -> URL {
        let file = Fixtures.temporaryDirectory(self).appendingPathComponent("coach.conf")
        try Data(text.utf8).write(to: file)
        XCTAssertEqual(chmod(file.path, mode), 0)
        return file
    }

    func testPrivateFileIsReadAndEnvironmentWins() throws {
        let file = try write("""
            # savvy coach
            cloud = groq
            groq_api_key = gsk-from-file-0123456789
            groq_model = openai/gpt-oss-120b
            local_url = http://127.0.0.1:9999/v1
            timeout_seconds = 12
            """, mode: 0o600)
        let configuration = try CoachConfiguration.load(environment: ["SAVVY_LLM_LOCAL_URL": "http://[::1]:7000/v1"], configFile: file)
        guard case let .available(groq) = configuration.endpoint(for: .groq) else { return XCTFail() }
        XCTAssertEqual(groq.model, "openai/gpt-oss-120b")
        XCTAssertEqual(groq.timeoutSeconds, 12)
        XCTAssertEqual(groq.chatCompletionsURL, "https://api.groq.com/openai/v1/chat/completions")
        guard case let .available(local) = configuration.endpoint(for: .local) else { return XCTFail() }
        XCTAssertEqual(local.baseURL, "http://[::1]:7000/v1")
        XCTAssertNil(local.credential)
        XCTAssertFalse(String(describing: configuration).contains("gsk-from-file"), "keys never print")
        XCTAssertFalse(String(reflecting: groq).contains("gsk-from-file"), "keys never print")
    }

    func testConfigErrorsAreOneClearLine() throws {
        // (case id, file text, mode, expected message fragment)
        let cases: [(String, String, mode_t, String)] = [
            ("K1 readable by others", "groq_api_key = gsk-secret-abc", 0o644, "has mode 644 and may hold API keys; run 'chmod 600"),
            ("K2 unknown key", "colour = blue", 0o600, "line 1: unknown key 'colour'"),
            ("K3 no equals", "cloud groq", 0o600, "line 1: no '=' in line"),
            ("K4 bad provider", "cloud = bard", 0o600, "cloud provider 'bard' is not groq, openai or proxy"),
            ("K5 remote local", "local_url = http://10.0.0.5:8080/v1", 0o600, "is not a loopback address"),
            ("K6 not a URL", "proxy_url = ftp://x/v1", 0o600, "proxy_url 'ftp://x/v1' is not an http(s) URL"),
            ("K7 timeout", "\n\ntimeout_seconds = -1", 0o600, "line 3: timeout_seconds must be a number"),
        ]
        for (id, text, mode, fragment) in cases {
            let file = try write(text, mode: mode)
            XCTAssertThrowsError(try CoachConfiguration.load(environment: [:], configFile: file), id) { error in
                let message = (error as? CoachError)?.errorDescription ?? ""
                XCTAssertTrue(message.contains(fragment), "\(id): \(message)")
                XCTAssertFalse(message.contains("gsk-secret"), "\(id) leaks no key")
            }
        }
    }

    func testMissingFileMeansDefaults() throws {
        let file = Fixtures.temporaryDirectory(self).appendingPathComponent("none.conf")
        XCTAssertEqual(try CoachConfiguration.load(environment: [:], configFile: file), CoachConfiguration())
    }
}
