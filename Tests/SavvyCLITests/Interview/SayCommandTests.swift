import Foundation
import SavvyAudio
import SavvyTestSupport
import XCTest

/// Issue 12: the coach voice without a sound card. ALSA's `file` plugin is the output device, so
/// what would have been heard lands in a WAV that the test decodes and measures.
final class SayCommandTests: XCTestCase {
    /// An ALSA configuration with a playback PCM `savvyout` writing a WAV to `output`.
    static func outputConfiguration(_ output: String) -> String {
        """
        pcm.savvyout {
            type file
            slave.pcm { type null }
            file "\(output)"
            format "wav"
        }
        """
    }

    func testIssue12_saySpeaksTheTextIntoTheOutputDevice() throws {
        let dir = try TemporaryDirectory()
        let wav = dir.path("spoken.wav"), config = dir.path("asound.conf")
        try Self.outputConfiguration(wav).write(toFile: config, atomically: true, encoding: .utf8)
        let env = ["SAVVY_HOME": dir.path("home"), "ALSA_CONFIG_PATH": config]
        let question = "Tell me about a time you fixed a production problem under pressure."
        let run = try BinaryRun.savvy(["say", question, "--output-device", "savvyout"], environment: env)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")

        let audio = try AudioFile.load(path: wav)
        XCTAssertEqual(audio.source.sampleRate, AudioPlayback.outputRate)
        // 12 words at the default 165 wpm is 4.4 s of words; espeak-ng's own pauses and edges
        // move it by well under a second either way.
        XCTAssertEqual(audio.durationSeconds, 12.0 / 165 * 60, accuracy: 1.0)
        let level = AudioLevel(block: audio.samples)
        XCTAssertGreaterThan(level.rmsDBFS, -30, "speech at espeak-ng's normal volume is loud")
        XCTAssertFalse(level.clipped)

        // A recogniser hears the question's words in what was played. Whisper: pocketsphinx's
        // acoustic model was trained on human speech and mishears most of espeak-ng's words.
        let scored = try BinaryRun.savvy(["score", wav, "--asr", "whisper", "--coach", "heuristic", "--no-save", "--json"],
                                         environment: env)
        XCTAssertEqual(scored.exitCode, 0, scored.stderr)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any])
        let transcript = try XCTUnwrap(doc["transcript"] as? [String: Any])
        let words = try XCTUnwrap(transcript["words"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        let heard = Set(words.map { $0.lowercased() })
        let expected = ["tell", "about", "time", "production", "problem", "under", "pressure"]
        let found = expected.filter(heard.contains)
        XCTAssertGreaterThanOrEqual(found.count, 6, "heard: \(words.joined(separator: " "))")
    }

    func testIssue12_slowerVoiceTakesLongerAndQuieterVoiceIsQuieter() throws {
        let dir = try TemporaryDirectory()
        func say(_ extra: [String], _ name: String) throws -> DecodedAudio {
            let wav = dir.path(name), config = dir.path(name + ".conf")
            try Self.outputConfiguration(wav).write(toFile: config, atomically: true, encoding: .utf8)
            let run = try BinaryRun.savvy(["say", "What exactly did you do yourself?", "--output-device", "savvyout"] + extra,
                                          environment: ["SAVVY_HOME": dir.path("home"), "ALSA_CONFIG_PATH": config])
            XCTAssertEqual(run.exitCode, 0, run.stderr)
            return try AudioFile.load(path: wav)
        }
        let normal = try say([], "normal.wav")
        let slow = try say(["--voice-rate", "110"], "slow.wav")
        let quiet = try say(["--voice-volume", "40"], "quiet.wav")
        XCTAssertGreaterThan(slow.durationSeconds, normal.durationSeconds * 1.3)
        XCTAssertLessThan(AudioLevel(block: quiet.samples).rmsDBFS, AudioLevel(block: normal.samples).rmsDBFS - 4)
    }

    func testIssue12_voiceErrorsAreOneClearLine() throws {
        let dir = try TemporaryDirectory()
        let cases: [(id: String, args: [String], env: [String: String], code: Int32, message: String)] = [
            ("unknown voice", ["--voice", "no-such-voice"], [:], 1, "espeak-ng has no voice 'no-such-voice'"),
            ("rate flag", ["--voice-rate", "20"], [:], 64, "'--voice-rate' must be between 80 and 450"),
            ("rate variable", [], ["SAVVY_VOICE_RATE": "fast"], 1, "environment SAVVY_VOICE_RATE: rate 'fast' is not a whole number"),
            ("missing output", ["--output-device", "no-such-output"], [:], 1, "cannot open output device 'no-such-output'"),
        ]
        for c in cases {
            let run = try BinaryRun.savvy(["say", "hello"] + c.args, environment: ["SAVVY_HOME": dir.path("home")].merging(c.env) { $1 })
            XCTAssertEqual(run.exitCode, c.code, "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(c.message), "\(c.id): \(run.stderr)")
        }
    }
}
