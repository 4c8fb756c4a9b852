import Foundation
import SavvyAudio
import SavvyTestSupport
import XCTest

/// Issue 12: the optional cloud coach voice, end to end through the built binary against a real
/// local OpenAI-compatible `/v1/audio/speech` server (`scripts/speech-test-server.py`, which
/// speaks with espeak-ng in a voice of its own). The output device is ALSA's `file` plugin, so
/// what would have been heard is measured.
final class CloudVoiceTests: XCTestCase {
    private let line = "Tell me about a time you fixed a production problem."
    private let token = "sk-test-token-4711"

    /// Runs `savvy say` with the proxy cloud voice pointed at `url`; returns the run and the
    /// audio that reached the output device.
    private func say(url: String, in dir: TemporaryDirectory, name: String, extra: [String] = [],
                     env: [String: String] = [:]) throws -> (run: BinaryRun, played: DecodedAudio) {
        let wav = dir.path("\(name).wav"), config = dir.path("\(name).conf")
        try SayCommandTests.outputConfiguration(wav).write(toFile: config, atomically: true, encoding: .utf8)
        let environment = ["SAVVY_HOME": dir.path("home"), "ALSA_CONFIG_PATH": config, "SAVVY_VOICE_CLOUD": "proxy",
                           "SAVVY_LLM_PROXY_URL": url, "SAVVY_LLM_TOKEN": token].merging(env) { $1 }
        let run = try BinaryRun.savvy(["say", line, "--output-device", "savvyout"] + extra, environment: environment)
        XCTAssertEqual(run.exitCode, 0, "\(name): \(run.stderr)")
        return (run, try AudioFile.load(path: wav))
    }

    /// The same line as the offline voice says it (savvy's espeak-ng defaults).
    private func offline(in dir: TemporaryDirectory) throws -> DecodedAudio {
        let wav = dir.path("offline.wav"), config = dir.path("offline.conf")
        try SayCommandTests.outputConfiguration(wav).write(toFile: config, atomically: true, encoding: .utf8)
        let run = try BinaryRun.savvy(["say", line, "--output-device", "savvyout"],
                                      environment: ["SAVVY_HOME": dir.path("home"), "ALSA_CONFIG_PATH": config])
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        return try AudioFile.load(path: wav)
    }

    /// What the test server sends for `line`: espeak-ng's command-line program in the server's
    /// voice (en-gb, 130 wpm), decoded the way savvy decodes.
    private func serverSpeech(in dir: TemporaryDirectory) throws -> DecodedAudio {
        let wav = dir.path("server.wav")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-v", "en-gb", "-s", "130", "-w", wav, "--", line]
        try process.run()
        process.waitUntilExit()
        return try AudioFile.load(path: wav)
    }

    func testIssue12_cloudVoiceSpeaksTheServersAudioAndSendsOnlyTheText() throws {
        let dir = try TemporaryDirectory()
        let server = try SpeechTestServer(in: dir)
        defer { server.stop() }
        let (run, played) = try say(url: server.baseURL, in: dir, name: "cloud")
        XCTAssertFalse(run.stderr.contains("note:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("proxy gpt-4o-mini-tts voice alloy (cloud)"), run.stderr)

        // Exactly one request, and it carries the coach's text and nothing else: no audio of the
        // user can be in a body with exactly these keys.
        let requests = try server.requests()
        XCTAssertEqual(requests.count, 1)
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(request["path"] as? String, "/v1/audio/speech")
        let body = try XCTUnwrap(request["body"] as? [String: Any])
        XCTAssertEqual(Set(body.keys), ["input", "model", "response_format", "speed", "voice"])
        XCTAssertEqual(body["input"] as? String, line)
        XCTAssertEqual(body["model"] as? String, "gpt-4o-mini-tts")
        XCTAssertEqual(body["voice"] as? String, "alloy")
        XCTAssertEqual(body["response_format"] as? String, "wav")
        XCTAssertEqual(body["speed"] as? Double, 1)
        let headers = try XCTUnwrap(request["headers"] as? [String: String])
        XCTAssertEqual(headers["authorization"], "Bearer \(token)")
        XCTAssertEqual(headers["content-type"], "application/json")
        XCTAssertLessThan(Int(headers["content-length"] ?? "") ?? .max, 400, "a line of text, not a recording")

        // What was played is the server's voice (sent with streamed-WAV placeholder sizes, which
        // savvy repairs), not savvy's own: its length matches the server's speech and differs
        // clearly from the offline voice's.
        let server130 = try serverSpeech(in: dir), own = try offline(in: dir)
        XCTAssertEqual(played.durationSeconds, server130.durationSeconds, accuracy: 0.05)
        XCTAssertGreaterThan(abs(played.durationSeconds - own.durationSeconds), 0.5,
                             "server \(played.durationSeconds) s vs offline \(own.durationSeconds) s")
        XCTAssertGreaterThan(AudioLevel(block: played.samples).rmsDBFS, -35)
    }

    func testIssue12_cloudVoiceFailuresFallBackToEspeakWithOneLine() throws {
        let dir = try TemporaryDirectory()
        let own = try offline(in: dir)
        try FileManager.default.createDirectory(atPath: dir.path("home"), withIntermediateDirectories: true)
        try "cloud_timeout_seconds = 1\n".write(toFile: dir.path("home/voice.conf"), atomically: true, encoding: .utf8)
        let cases: [(id: String, mode: String?, message: String)] = [
            ("server error", "status:500", "HTTP 500; error tts_failed server_error: speech failed for token <redacted>"),
            ("refused key", "status:401", "HTTP 401"),
            ("not audio", "garbage", "is not audio savvy can play"),
            ("no audio", "empty", "HTTP 200 with no audio"),
            ("timeout", "slow:4", "no complete answer in 1 s"),
            ("no server", nil, "unreachable"),
        ]
        for c in cases {
            let server = try c.mode.map { try SpeechTestServer(mode: $0, in: dir) }
            // Port 9 (discard) on loopback: nothing listens there, the connection is refused.
            let (run, played) = try say(url: server?.baseURL ?? "http://127.0.0.1:9/v1", in: dir,
                                       name: c.id.replacingOccurrences(of: " ", with: "-"))
            server?.stop()
            let notes = run.stderr.split(separator: "\n").filter { $0.contains("note:") }
            XCTAssertEqual(notes.count, 1, "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("the cloud voice failed: "), "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(c.message), "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("the coach speaks with espeak-ng from now on"), "\(c.id): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains(token), "\(c.id): the key never shows")
            XCTAssertFalse(run.stderr.contains(line), "\(c.id): the text is not echoed")
            XCTAssertEqual(played.samples, own.samples, "\(c.id): the offline voice said it")
            if let server { XCTAssertEqual(try server.requests().count, 1, c.id) }
        }
    }

    func testIssue12_cloudVoiceIsUsedOnlyWhenOptedInAndConfigured() throws {
        let dir = try TemporaryDirectory()
        let server = try SpeechTestServer(in: dir)
        defer { server.stop() }
        let own = try offline(in: dir)
        // Opted in on the command line off: nothing is sent, nothing said about it.
        let off = try say(url: server.baseURL, in: dir, name: "off", extra: ["--voice-cloud", "off"])
        XCTAssertEqual(off.run.stderr.contains("note:"), false, off.run.stderr)
        XCTAssertEqual(off.played.samples, own.samples)
        // Opted in without the proxy's token: one line, the offline voice.
        let keyless = try say(url: server.baseURL, in: dir, name: "keyless", env: ["SAVVY_LLM_TOKEN": ""])
        XCTAssertTrue(keyless.run.stderr.contains("note: the cloud voice is off (SAVVY_LLM_TOKEN not set); the coach speaks with espeak-ng"),
                      keyless.run.stderr)
        XCTAssertEqual(keyless.played.samples, own.samples)
        XCTAssertEqual(try server.requests().count, 0)
        // A bad opt-in value is a bad invocation or a configuration error, named.
        let flag = try BinaryRun.savvy(["say", "hi", "--voice-cloud", "groq"], environment: ["SAVVY_HOME": dir.path("home")])
        XCTAssertEqual(flag.exitCode, 64, flag.stderr)
        let variable = try BinaryRun.savvy(["say", "hi"], environment: ["SAVVY_HOME": dir.path("home"), "SAVVY_VOICE_CLOUD": "groq"])
        XCTAssertEqual(variable.exitCode, 1, variable.stderr)
        XCTAssertTrue(variable.stderr.contains("environment SAVVY_VOICE_CLOUD: cloud voice 'groq' is not openai, proxy or off"), variable.stderr)
    }
}
