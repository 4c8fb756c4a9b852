import Foundation
import SavvyCoach
import XCTest
@testable import SavvySession

/// Issue 12: the parts of the cloud voice that need no server — the streamed-WAV size repair,
/// the sticky fallback, and when a cloud voice is used at all.
final class CloudVoicePartsTests: XCTestCase {
    /// A 16-bit mono WAV header and `frames` frames, with the RIFF and data sizes given.
    private func wav(frames: Int, riffSize: UInt32?, dataSize: UInt32?, extraChunk: Bool = false) -> Data {
        func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        var body = Data("WAVE".utf8)
        body += Data("fmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(16_000) + le32(32_000) + le16(2) + le16(16)
        // An odd-sized chunk before `data` exercises the padding rule.
        if extraChunk { body += Data("LIST".utf8) + le32(3) + Data([1, 2, 3, 0]) }
        let samples = Data(repeating: 0x11, count: frames * 2)
        body += Data("data".utf8) + le32(dataSize ?? UInt32(samples.count)) + samples
        return Data("RIFF".utf8) + le32(riffSize ?? UInt32(body.count)) + body
    }

    func testIssue12_streamedWAVSizesAreRepairedAndGoodOnesLeftAlone() {
        let good = wav(frames: 100, riffSize: nil, dataSize: nil)
        let goodWithList = wav(frames: 100, riffSize: nil, dataSize: nil, extraChunk: true)
        let cases: [(id: String, input: Data, expected: Data)] = [
            ("well-formed", good, good),
            ("openai placeholders", wav(frames: 100, riffSize: 0xFFFF_FFFF, dataSize: 0xFFFF_FFFF), good),
            ("elevenlabs placeholders", wav(frames: 100, riffSize: 0x7FFF_FFFF, dataSize: 0x7FFF_FFFF), good),
            ("never closed", wav(frames: 100, riffSize: 0, dataSize: 0), good),
            ("padded chunk before data", wav(frames: 100, riffSize: 0xFFFF_FFFF, dataSize: 0xFFFF_FFFF, extraChunk: true), goodWithList),
            ("not a wav", Data("<html>nope</html>".utf8), Data("<html>nope</html>".utf8)),
            ("too short", Data("RIFF".utf8), Data("RIFF".utf8)),
        ]
        for c in cases {
            XCTAssertEqual(StreamedWAV.repairingSizes(c.input), c.expected, c.id)
        }
    }

    /// A voice that fails every time (fault injection) and counts its calls.
    private final class FailingVoice: Voice, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var calls: Int { lock.withLock { count } }
        var summary: String { "failing" }
        func synthesize(_ text: String) throws -> SpokenAudio {
            lock.withLock { count += 1 }
            throw SessionError.cloudVoiceFailed(detail: "HTTP 503")
        }
    }

    private struct ToneVoice: Voice {
        var summary: String { "tone" }
        func synthesize(_ text: String) throws -> SpokenAudio { SpokenAudio(samples: [0.5, -0.5], sampleRate: 16_000) }
    }

    private final class Notes: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.withLock { items.append(item) } }
        var all: [String] { lock.withLock { items } }
    }

    func testIssue12_fallbackIsStickyAndSaidOnce() throws {
        let primary = FailingVoice(), notes = Notes()
        let voice = FallbackVoice(primary: primary, fallback: ToneVoice()) { notes.add(String(describing: $0)) }
        XCTAssertEqual(voice.summary, "failing, else tone")
        for _ in 0..<3 {
            XCTAssertEqual(try voice.synthesize("What exactly did you do yourself?").samples, [0.5, -0.5])
        }
        XCTAssertEqual(primary.calls, 1, "a failed cloud voice is not asked again")
        XCTAssertEqual(notes.all.count, 1)
        XCTAssertTrue(voice.isFallingBack)
        XCTAssertEqual(voice.summary, "tone")
    }

    func testIssue12_cloudVoiceOnlyWhenOptedInOnlineAndConfigured() throws {
        let coach = try CoachConfiguration.load(environment: ["OPENAI_API_KEY": "sk-x"], configFile: nil)
        var settings = VoiceSettings()
        guard case .notWanted = settings.cloudChoice(coach: coach, offline: false) else { return XCTFail("not opted in") }
        settings.cloud = .openai
        guard case .notWanted = settings.cloudChoice(coach: coach, offline: true) else { return XCTFail("--offline sends nothing") }
        guard case let .available(voice) = settings.cloudChoice(coach: coach, offline: false) else { return XCTFail("opted in with a key") }
        XCTAssertEqual(voice.client.speechURL, "https://api.openai.com/v1/audio/speech")
        XCTAssertEqual(voice.client.endpoint.model, "gpt-4o-mini-tts")
        XCTAssertEqual(voice.client.endpoint.timeoutSeconds, 15)
        XCTAssertEqual(voice.client.speed, 1)
        settings.wordsPerMinute = 231
        guard case let .available(faster) = settings.cloudChoice(coach: coach, offline: false) else { return XCTFail("opted in") }
        XCTAssertEqual(faster.client.speed, 1.4, accuracy: 1e-9)
        settings.cloud = .proxy
        guard case let .unavailable(why) = settings.cloudChoice(coach: coach, offline: false) else { return XCTFail("proxy without URL") }
        XCTAssertEqual(why, "proxy_url not set")
    }

    func testIssue12_cloudVoiceSettingsFromFileEnvironmentAndFlag() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString).conf")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "cloud = openai\ncloud_model = tts-1\ncloud_voice = nova\ncloud_timeout_seconds = 5\n".write(to: dir, atomically: true, encoding: .utf8)
        let fromFile = try VoiceSettings.load(configFile: dir, environment: [:])
        XCTAssertEqual(fromFile.cloud, .openai)
        XCTAssertEqual(fromFile.cloudModel, "tts-1")
        XCTAssertEqual(fromFile.cloudVoice, "nova")
        XCTAssertEqual(fromFile.cloudTimeoutSeconds, 5)
        let environment = try VoiceSettings.load(configFile: dir, environment: ["SAVVY_VOICE_CLOUD": "proxy", "SAVVY_VOICE_CLOUD_VOICE": "onyx"])
        XCTAssertEqual(environment.cloud, .proxy)
        XCTAssertEqual(environment.cloudVoice, "onyx")
        let flag = try VoiceSettings.load(configFile: dir, environment: ["SAVVY_VOICE_CLOUD": "proxy"], overrides: .init(cloud: "off"))
        XCTAssertNil(flag.cloud)
        let cases: [(id: String, line: String, message: String)] = [
            ("provider", "cloud = groq", "cloud voice 'groq' is not openai, proxy or off"),
            ("timeout", "cloud_timeout_seconds = 0", "cloud_timeout_seconds '0' is not a number of seconds from 1 to 120"),
            ("key in the wrong file", "openai_api_key = sk-x", "unknown key 'openai_api_key'"),
        ]
        for c in cases {
            try (c.line + "\n").write(to: dir, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try VoiceSettings.load(configFile: dir, environment: [:]), c.id) { error in
                XCTAssertTrue(error.localizedDescription.contains(c.message), "\(c.id): \(error.localizedDescription)")
                XCTAssertTrue(error.localizedDescription.contains("line 1"), c.id)
            }
        }
    }
}
