import Foundation
import XCTest
import SavvyTestSupport

/// `savvy practice` end to end without a sound card: ALSA's `file` plugin feeds a fixture
/// through the real capture API, selected by `ALSA_CONFIG_PATH` and `--device`.
final class PracticeCommandTests: XCTestCase {
    private func sox(_ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        p.arguments = args
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "sox \(args)")
    }

    func testPracticeSavesASessionWhoseMetricsEqualScoreOnTheSameAudio() throws {
        let dir = try TemporaryDirectory()
        let home = try TemporaryDirectory()
        // 8.0 s of the fixture, as a WAV to score and as raw samples for the capture device.
        let wav = dir.path("take.wav"), raw = dir.path("take.raw")
        try sox([PackagePaths.fixture("fillers.wav"), wav, "trim", "0", "8"])
        try sox([wav, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        let config = dir.path("asound.conf")
        try """
        pcm.savvytest {
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile "\(raw)"
            format "raw"
        }
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let env = ["SAVVY_HOME": home.path, "ALSA_CONFIG_PATH": config]
        let practice = try BinaryRun.savvy(["practice", "--device", "savvytest", "--no-countdown", "--max", "8",
                                            "--asr", "pocketsphinx", "--coach", "heuristic", "--drill", "star",
                                            "--prompt", "Tell me about a launch", "--json",
                                            "--report", dir.path("practice.html")], environment: env)
        XCTAssertEqual(practice.exitCode, 0, practice.stderr)
        XCTAssertTrue(practice.stderr.contains("report: \(dir.path("practice.html"))\n"), practice.stderr)
        XCTAssertTrue(try String(contentsOfFile: dir.path("practice.html"), encoding: .utf8).contains("id=\"timeline\""))
        XCTAssertTrue(practice.stderr.contains("recorded 8.0 s (reached the maximum length)"), practice.stderr)
        let scored = try BinaryRun.savvy(["score", wav, "--asr", "pocketsphinx", "--coach", "heuristic", "--drill", "star",
                                          "--prompt", "Tell me about a launch", "--json", "--no-save"], environment: env)
        XCTAssertEqual(scored.exitCode, 0, scored.stderr)
        func metrics(_ run: BinaryRun) throws -> Data {
            let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return try JSONSerialization.data(withJSONObject: try XCTUnwrap(doc["metrics"]), options: [.sortedKeys])
        }
        XCTAssertEqual(try metrics(practice), try metrics(scored))
        // The session is saved with its audio; the temporary take is gone.
        let history = try BinaryRun.savvy(["history", "--json"], environment: env)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 1)
        let takes = try FileManager.default.contentsOfDirectory(atPath: home.path("takes"))
        XCTAssertEqual(takes, [])
    }

    func testMissingDeviceIsOneClearLine() throws {
        let home = try TemporaryDirectory()
        let run = try BinaryRun.savvy(["practice", "--device", "no-such-device", "--no-countdown", "--asr", "pocketsphinx"],
                                      environment: ["SAVVY_HOME": home.path])
        XCTAssertEqual(run.exitCode, 1)
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("savvy: error:") }
        XCTAssertEqual(errors.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("no-such-device"), run.stderr)
    }

    /// An ALSA device reading `infile` with no real-time pacing, as in the issue's report.
    private func device(reading infile: String, in dir: TemporaryDirectory) throws -> String {
        let config = dir.path("asound.conf")
        try """
        pcm.savvytest {
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile "\(infile)"
            format "raw"
        }
        """.write(toFile: config, atomically: true, encoding: .utf8)
        return config
    }

    /// Issue 10 item 10: without `--max` a take ends at twice the drill's longest target (here a
    /// custom 2–3 s drill: 6 s), however fast the device delivers audio.
    func testIssue10_practiceStopsAtTwiceTheDrillTarget() throws {
        let dir = try TemporaryDirectory(), home = try TemporaryDirectory()
        let raw = dir.path("take.raw")
        try sox([PackagePaths.fixture("fillers.wav"), "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        try """
        {"drills": [{"id": "quick", "title": "Quick", "summary": "A few words.", "target": {"minSeconds": 2, "maxSeconds": 3},
          "sections": [{"id": "all", "name": "All", "purpose": "Say it.", "cues": ["i"], "earliest": 0, "latest": 1}],
          "prompts": ["Say something."]}]}
        """.write(toFile: home.path("drills.json"), atomically: true, encoding: .utf8)
        let env = ["SAVVY_HOME": home.path, "ALSA_CONFIG_PATH": try device(reading: raw, in: dir)]
        let run = try BinaryRun.savvy(["practice", "--device", "savvytest", "--no-countdown", "--drill", "quick", "--silence", "0",
                                       "--asr", "pocketsphinx", "--coach", "heuristic", "--json"], environment: env)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("recorded 6.0 s (reached the maximum length)"), run.stderr)
    }

    /// Issue 10 items 10 and 15: a device that delivers only silence (here endless zeros, with no
    /// pacing) stops at the no-speech limit with one line, and nothing is kept.
    func testIssue10_nobodySpokeStopsAndKeepsNothing() throws {
        let dir = try TemporaryDirectory(), home = try TemporaryDirectory()
        let env = ["SAVVY_HOME": home.path, "ALSA_CONFIG_PATH": try device(reading: "/dev/zero", in: dir)]
        let run = try BinaryRun.savvy(["practice", "--device", "savvytest", "--no-countdown", "--no-speech", "2",
                                       "--asr", "pocketsphinx", "--coach", "heuristic"], environment: env)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(run.stderr.hasSuffix("savvy: error: nobody spoke in the first 2 s, so nothing was kept; check the microphone "
                                           + "and its mute switch ('savvy doctor' tests it), or wait longer with '--no-speech SECONDS'\n"),
                      run.stderr)
        XCTAssertFalse(run.stderr.contains("score it later"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path("takes")), [])
        let history = try BinaryRun.savvy(["history", "--ids"], environment: env)
        XCTAssertEqual(history.stdout, "")
    }
}
