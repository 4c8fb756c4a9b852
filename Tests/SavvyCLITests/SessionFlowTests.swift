import Foundation
import XCTest
import SavvyTestSupport

/// End-to-end: score → history → show/exports → rescore → delete, through the built binary,
/// each test with its own data folder.
final class SessionFlowTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
    }

    private func savvy(_ args: [String]) throws -> BinaryRun {
        try BinaryRun.savvy(args, environment: ["SAVVY_HOME": home.path])
    }

    private func json(_ run: BinaryRun) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stderr)
    }

    func testScoreSavesASessionAndRescoreReproducesDeliveryExactly() throws {
        let scored = try savvy(["score", PackagePaths.fixture("fillers.wav"), "--drill", "star", "--asr", "pocketsphinx",
                                "--coach", "heuristic", "--json"])
        XCTAssertEqual(scored.exitCode, 0, scored.stderr)
        let doc = try json(scored)
        let id = try XCTUnwrap(doc["session"] as? Int)
        let metrics = try XCTUnwrap(doc["metrics"] as? [String: Any])
        XCTAssertNotNil(metrics["pace"])
        XCTAssertEqual((doc["rubric"] as? [String: Any])?["drillID"] as? String, "star")

        let rescored = try savvy(["rescore", "\(id)", "--json"])
        XCTAssertEqual(rescored.exitCode, 0, rescored.stderr)
        // Delivery metrics are byte-identical: compare the serialised metrics objects.
        func metricsText(_ run: BinaryRun) throws -> Data {
            let object = try XCTUnwrap((try json(run))["metrics"])
            return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        }
        XCTAssertEqual(try metricsText(scored), try metricsText(rescored))
        let human = try savvy(["rescore", "last", "--coach", "heuristic"])
        XCTAssertTrue(human.stdout.contains("delivery numbers identical to the stored ones"), human.stdout)

        let history = try savvy(["history", "--json"])
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 1)
        let csv = try savvy(["history", "--csv"])
        XCTAssertEqual(csv.stdout.split(whereSeparator: \.isNewline).count, 2, csv.stdout)

        let dir = try TemporaryDirectory()
        let shown = try savvy(["show", "\(id)", "--textgrid", dir.path("a.TextGrid"), "--vtt", dir.path("a.vtt")])
        XCTAssertEqual(shown.exitCode, 0, shown.stderr)
        let grid = try String(contentsOfFile: dir.path("a.TextGrid"), encoding: .utf8)
        XCTAssertTrue(grid.contains("\"words\"") && grid.contains("\"fillers\"") && grid.contains("\"pauses\""))
        XCTAssertTrue(try String(contentsOfFile: dir.path("a.vtt"), encoding: .utf8).hasPrefix("WEBVTT"))

        let deleted = try savvy(["delete", "\(id)"])
        XCTAssertEqual(deleted.exitCode, 0, deleted.stderr)
        let gone = try savvy(["show", "\(id)"])
        XCTAssertEqual(gone.exitCode, 1)
        XCTAssertEqual(gone.stderr, "savvy: error: no session \(id) in the database; run 'savvy history' to see the ids\n")
    }

    /// A coach trying another prompt on a stored answer: `--no-save` prints the judgment under it
    /// and leaves the session's scorings, drill and prompt as they were.
    func testRescoreNoSaveJudgesWithoutChangingTheSession() throws {
        let scored = try savvy(["score", PackagePaths.fixture("fillers.wav"), "--drill", "star", "--prompt",
                                "Tell me about a time you met a deadline.", "--asr", "pocketsphinx", "--coach", "heuristic", "--json"])
        XCTAssertEqual(scored.exitCode, 0, scored.stderr)
        let id = try XCTUnwrap(try json(scored)["session"] as? Int)
        func stored() throws -> (scorings: Int, drill: String?, prompt: String?) {
            let rubric = try json(try savvy(["show", "\(id)", "--json"]))["rubric"] as? [String: Any]
            // The report's header says "1 scoring" or "scoring N of M".
            let header = try savvy(["show", "\(id)"]).stdout
            let count = header.contains("1 scoring") ? 1
                : try XCTUnwrap(header.firstMatch(of: /scoring \d+ of (\d+)/).flatMap { Int($0.1) }, header)
            return (count, rubric?["drillID"] as? String, rubric?["prompt"] as? String)
        }
        let before = try stored()

        let trial = try savvy(["rescore", "\(id)", "--drill", "pitch", "--prompt", "Pitch a shorter meeting.",
                               "--coach", "heuristic", "--no-save", "--json"])
        XCTAssertEqual(trial.exitCode, 0, trial.stderr)
        let rubric = try XCTUnwrap(try json(trial)["rubric"] as? [String: Any])
        XCTAssertEqual(rubric["drillID"] as? String, "pitch")
        XCTAssertEqual(rubric["prompt"] as? String, "Pitch a shorter meeting.")
        let human = try savvy(["rescore", "\(id)", "--prompt", "Another question?", "--coach", "heuristic", "--no-save"])
        XCTAssertEqual(human.exitCode, 0, human.stderr)
        XCTAssertTrue(human.stdout.contains("nothing saved (--no-save); session \(id) unchanged"), human.stdout)

        let after = try stored()
        XCTAssertEqual(after.scorings, before.scorings)
        XCTAssertEqual(after.drill, "star")
        XCTAssertEqual(after.prompt, "Tell me about a time you met a deadline.")
        // Without the flag the judgment is added, as before.
        XCTAssertEqual(try savvy(["rescore", "\(id)", "--coach", "heuristic"]).exitCode, 0)
        XCTAssertEqual(try stored().scorings, before.scorings + 1)
    }

    func testRescoreRefusesChangedAudio() throws {
        let scored = try savvy(["score", PackagePaths.fixture("fillers.wav"), "--asr", "pocketsphinx", "--coach", "heuristic"])
        XCTAssertEqual(scored.exitCode, 0, scored.stderr)
        let recordings = home.url.appendingPathComponent("recordings")
        let file = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: recordings.path).first { $0.hasSuffix(".wav") })
        let handle = try FileHandle(forWritingTo: recordings.appendingPathComponent(file))
        try handle.seek(toOffset: 2000)
        handle.write(Data(repeating: 0x55, count: 64))
        try handle.close()
        let rescored = try savvy(["rescore", "last"])
        XCTAssertEqual(rescored.exitCode, 1)
        XCTAssertEqual(rescored.stderr.split(separator: "\n").count, 1, rescored.stderr)
        XCTAssertTrue(rescored.stderr.hasPrefix("savvy: error: "))
    }

    func testSilenceIsRefusedWithOneLineAndNothingSaved() throws {
        let dir = try TemporaryDirectory()
        let silent = dir.path("silent.wav")
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        sox.arguments = ["-n", "-r", "16000", "-c", "1", "-b", "16", silent, "trim", "0", "3"]
        try sox.run()
        sox.waitUntilExit()
        let run = try savvy(["score", silent, "--asr", "pocketsphinx"])
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(run.stderr.hasPrefix("savvy: error: no speech found in"), run.stderr)
        XCTAssertEqual((try savvy(["history", "--json"])).stdout.trimmingCharacters(in: .whitespacesAndNewlines), "[\n\n]")
    }

    func testBatchScoresEachFileAndReportsFailuresAtTheEnd() throws {
        let run = try savvy(["score", PackagePaths.fixture("fillers.wav"), "/nonexistent/answer.wav",
                             PackagePaths.fixture("fillers.wav"), "--jobs", "2", "--asr", "pocketsphinx",
                             "--coach", "heuristic", "--json"])
        XCTAssertEqual(run.exitCode, 1)
        let docs = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(docs.count, 2)
        XCTAssertTrue(run.stderr.contains("/nonexistent/answer.wav"))
        XCTAssertTrue(run.stderr.contains("1 of 3 files could not be scored"))
    }

    func testUsageErrorsForSessions() throws {
        let cases: [(id: String, args: [String], code: Int32, says: String)] = [
            ("bad-id", ["show", "abc"], 64, "'abc' is not a session id"),
            ("no-sessions", ["rescore", "last"], 1, "there are no sessions yet"),
            ("json-and-csv", ["history", "--json", "--csv"], 64, "choose one of"),
            ("bad-since", ["history", "--since", "yesterday"], 64, "expects a date"),
            ("unknown-drill", ["score", PackagePaths.fixture("fillers.wav"), "--drill", "sonnet"], 64, "sonnet"),
        ]
        for c in cases {
            let run = try savvy(c.args)
            XCTAssertEqual(run.exitCode, c.code, "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(c.says), "\(c.id): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", c.id)
        }
    }

    func testDrillsAndDoctor() throws {
        let drills = try savvy(["drills", "--json"])
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(drills.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(Set(list.compactMap { $0["id"] as? String }), ["star", "prep", "pitch", "impromptu", "free"])
        XCTAssertTrue(list.allSatisfy { (($0["prompts"] as? [Any])?.count ?? 0) >= 10 })
        let doctor = try savvy(["doctor", "--no-mic", "--json"])
        XCTAssertEqual(doctor.exitCode, 0, doctor.stderr)
        let checks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(doctor.stdout.utf8)) as? [[String: Any]])
        XCTAssertTrue(checks.contains { $0["name"] as? String == "database" && $0["status"] as? String == "ok" })
        XCTAssertTrue(checks.contains { $0["name"] as? String == "asr pocketsphinx" && $0["status"] as? String == "ok" })
        let model = try XCTUnwrap(checks.first { $0["name"] as? String == "sentence model" }, "doctor reports the sentence model")
        let detail = model["detail"] as? String ?? ""
        if model["status"] as? String == "ok" {
            XCTAssertTrue(detail.hasPrefix("all-MiniLM-L6-v2 at "), detail)
        } else {
            XCTAssertTrue(detail.contains("make venv"), detail)
        }
    }

    /// Issue 14: doctor says where the sentence model is expected when it is not there, and
    /// still exits 0 (the cue-phrase tier works without it).
    func testIssue14_doctorReportsAMissingSentenceModel() throws {
        let empty = try TemporaryDirectory()
        let doctor = try BinaryRun.savvy(
            ["doctor", "--no-mic", "--json"], environment: ["SAVVY_HOME": home.path, "SAVVY_SEMANTIC_MODEL": empty.path])
        XCTAssertEqual(doctor.exitCode, 0, doctor.stderr)
        let checks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(doctor.stdout.utf8)) as? [[String: Any]])
        let model = try XCTUnwrap(checks.first { $0["name"] as? String == "sentence model" })
        XCTAssertEqual(model["status"] as? String, "warn")
        XCTAssertEqual(model["detail"] as? String, "not installed at \(empty.path): run 'make venv' or set SAVVY_SEMANTIC_MODEL")
    }
}
