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
}
