import Foundation
import XCTest
import SavvyTestSupport

/// `savvy import` and the documented cohort run: GNU parallel scores files with
/// `score --json --no-save` on local job slots, and `import` merges the results (issue 13).
final class CohortImportTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var work: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        work = try TemporaryDirectory()
    }

    private func savvy(_ args: [String]) throws -> BinaryRun {
        try BinaryRun.savvy(args, environment: ["SAVVY_HOME": home.path])
    }

    private func historyCount() throws -> Int {
        let run = try savvy(["history", "--json"])
        guard run.exitCode == 0 else { return 0 }
        return (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Any])?.count ?? 0
    }

    /// Scores two recordings in parallel as the README's cohort recipe does, then imports.
    private func parallelScore(into out: String, audio: String) throws {
        for name in ["star-answer.wav", "fillers.wav"] {
            try FileManager.default.copyItem(atPath: PackagePaths.fixture(name), toPath: audio + "/" + name)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parallel")
        process.arguments = [
            "--will-cite", "--halt", "now,fail=1", "-j", "2",
            "\(PackagePaths.savvyBinary) score {} --json --no-save --asr pocketsphinx --coach heuristic --drill star > \(out)/{/.}.json",
            ":::", audio + "/star-answer.wav", audio + "/fillers.wav",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["SAVVY_HOME": home.path]) { _, new in new }
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "GNU parallel failed")
    }

    /// The two results scored once for the whole suite (scoring is the slow part).
    nonisolated(unsafe) private static var scored: TemporaryDirectory?

    /// Copies of the suite's results and recordings into this test's folders.
    private func cohortResults(out: String, audio: String) throws {
        if Self.scored == nil {
            let shared = try TemporaryDirectory()
            for folder in ["out", "audio"] {
                try FileManager.default.createDirectory(atPath: shared.path(folder), withIntermediateDirectories: true)
            }
            try parallelScore(into: shared.path("out"), audio: shared.path("audio"))
            Self.scored = shared
        }
        let shared = try XCTUnwrap(Self.scored)
        try FileManager.default.copyItem(atPath: shared.path("out"), toPath: out)
        try FileManager.default.copyItem(atPath: shared.path("audio"), toPath: audio)
    }

    func testIssue13_parallelCohortMergesOnceAndReimportIsIdempotent() throws {
        let out = work.path("out"), audio = work.path("audio")
        try cohortResults(out: out, audio: audio)
        XCTAssertEqual(try historyCount(), 0, "--no-save must not store anything")

        let results = [out + "/fillers.json", out + "/star-answer.json"]
        // The results name the recordings where the workers read them; --audio points at this copy.
        let first = try savvy(["import", "--audio", audio] + results)
        XCTAssertEqual(first.exitCode, 0, first.stderr)
        XCTAssertEqual(first.stdout, "imported fillers.wav as session 1\nimported star-answer.wav as session 2\n")
        XCTAssertEqual(try historyCount(), 2)

        // The imported session reports what the worker computed, byte for byte.
        let worker = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/star-answer.json"))) as? [String: Any]
        let shown = try JSONSerialization.jsonObject(with: Data(try savvy(["show", "2", "--json"]).stdout.utf8)) as? [String: Any]
        XCTAssertEqual(try JSONSerialization.data(withJSONObject: worker?["metrics"] ?? [:], options: .sortedKeys),
                       try JSONSerialization.data(withJSONObject: shown?["metrics"] ?? [:], options: .sortedKeys))

        let again = try savvy(["import", "--json", "--audio", audio] + results)
        XCTAssertEqual(again.exitCode, 0, again.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["imported"] as? Bool }, [false, false])
        XCTAssertEqual(rows.map { $0["session"] as? Int }, [1, 2])
        XCTAssertEqual(try historyCount(), 2)

        // A recording that is not where --audio says is reported; found by name once moved there.
        let moved = work.path("moved")
        try FileManager.default.createDirectory(atPath: moved, withIntermediateDirectories: true)
        let missing = try savvy(["import", results[0], "--audio", moved])
        XCTAssertEqual(missing.exitCode, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("savvy: error: the recording of a result in '\(results[0])' is not at "), missing.stderr)
        try FileManager.default.moveItem(atPath: audio + "/fillers.wav", toPath: moved + "/fillers.wav")
        let found = try savvy(["import", results[0], "--audio", moved])
        XCTAssertEqual(found.stdout, "fillers.wav is already stored as session 1; skipped\n", found.stderr)
    }

    func testIssue13_importRefusesBadResultsAndKeepsTheGoodOnes() throws {
        let out = work.path("out"), audio = work.path("audio")
        try cohortResults(out: out, audio: audio)
        // A recording that changed since it was scored is refused by its hash.
        try FileManager.default.removeItem(atPath: audio + "/fillers.wav")
        try FileManager.default.copyItem(atPath: PackagePaths.fixture("pitch-glide.wav"), toPath: audio + "/fillers.wav")

        let cases: [(id: String, content: String, message: String)] = [
            ("not-json", "score: 3", "is not a savvy score result (it is not valid JSON)"),
            ("other-object", #"{"x": 1}"#, "is not a savvy score result (it has no 'source')"),
            ("wrong-type", #"{"source": 3}"#, "is not a savvy score result ('source' has the wrong type)"),
            ("number", "42", "is not a savvy score result (it is not a result or an array of results)"),
        ]
        var files: [String] = []
        for c in cases {
            let path = work.path(c.id + ".json")
            try c.content.write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        let run = try savvy(["import", "--audio", audio] + files + [out + "/fillers.json", out + "/star-answer.json"])
        XCTAssertEqual(run.exitCode, 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        for (index, c) in cases.enumerated() {
            XCTAssertEqual(lines[index], "savvy: error: '\(files[index])' \(c.message); import the output of 'savvy score --json --no-save'", c.id)
        }
        XCTAssertTrue(lines[cases.count].contains("has changed since it was scored"), lines[cases.count])
        XCTAssertEqual(lines.last, "savvy: error: 5 of 6 results could not be imported (see the errors above)")
        XCTAssertEqual(run.stdout, "imported star-answer.wav as session 1\n")
        XCTAssertEqual(try historyCount(), 1)
    }

    func testIssue13_slurmArrayTaskWritesOneResultThatImports() throws {
        let list = work.path("files.txt"), out = work.path("results")
        try (PackagePaths.fixture("star-answer.wav") + "\n" + PackagePaths.fixture("fillers.wav") + "\n")
            .write(toFile: list, atomically: true, encoding: .utf8)
        func task(_ id: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [PackagePaths.root.appendingPathComponent("scripts/cohort-slurm.sh").path, list, out,
                                 "--asr", "pocketsphinx", "--coach", "heuristic"]
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["SLURM_ARRAY_TASK_ID": id, "SAVVY": PackagePaths.savvyBinary, "SAVVY_HOME": home.path]) { _, new in new }
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        XCTAssertEqual(try task("1"), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["fillers.json"])
        XCTAssertEqual(try task("5"), 64, "a task past the list's end is a usage error")
        let run = try savvy(["import", out + "/fillers.json"])
        XCTAssertEqual(run.stdout, "imported fillers.wav as session 1\n", run.stderr)
    }
}
