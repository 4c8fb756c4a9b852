import Foundation
import XCTest
import SavvyTestSupport

/// End-to-end runs of `savvy analyze` through the built binary.
final class AnalyzeCommandTests: XCTestCase {
    /// Goldens live beside this file; `SAVVY_RECORD_GOLDENS=1 swift test` rewrites them.
    static func golden(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name)")
    }

    func checkGolden(_ name: String, _ actual: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.golden(name)
        if ProcessInfo.processInfo.environment["SAVVY_RECORD_GOLDENS"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if let diff = JSONComparison.difference(expected, actual) {
            XCTFail("golden \(name): \(diff) (re-record with SAVVY_RECORD_GOLDENS=1 if the change is intended)",
                    file: file, line: line)
        }
    }

    func testGoldenJSONForFixtures() throws {
        for fixture in ["star-answer.wav", "pitch-glide.wav", "stereo-44k.flac"] {
            let run = try BinaryRun.savvy(["analyze", PackagePaths.fixture(fixture), "--json"])
            XCTAssertEqual(run.exitCode, 0, run.stderr)
            XCTAssertEqual(run.stderr, "")
            // The path differs per checkout; everything else is pinned.
            let stable = run.stdout.replacingOccurrences(of: PackagePaths.fixture(""), with: "Fixtures/")
            try checkGolden("analyze-\(fixture).json", stable)
        }
    }

    func testSameFileGivesByteIdenticalJSON() throws {
        let args = ["analyze", PackagePaths.fixture("star-answer.wav"), "--json", "--frames"]
        let first = try BinaryRun.savvy(args)
        let second = try BinaryRun.savvy(args)
        XCTAssertEqual(first.exitCode, 0)
        XCTAssertFalse(first.stdout.isEmpty)
        XCTAssertEqual(first.stdout, second.stdout)
    }

    /// Issue 13: the CPPS threads change the speed, never a byte of the output; the thread count
    /// comes from `--threads`, else `SAVVY_THREADS`, and bad values are usage errors.
    func testIssue13_threadCountsGiveByteIdenticalJSON() throws {
        let args = ["analyze", PackagePaths.fixture("star-answer.wav"), "--json", "--frames"]
        let one = try BinaryRun.savvy(args + ["--threads", "1"])
        XCTAssertEqual(one.exitCode, 0, one.stderr)
        XCTAssertTrue(one.stdout.contains("\"cppsDB\""))
        let four = try BinaryRun.savvy(args + ["--threads", "4"])
        XCTAssertEqual(four.exitCode, 0, four.stderr)
        XCTAssertEqual(four.stdout, one.stdout)
        let fromEnvironment = try BinaryRun.savvy(args, environment: ["SAVVY_THREADS": "3"])
        XCTAssertEqual(fromEnvironment.stdout, one.stdout)
        let cases: [(id: String, extra: [String], environment: [String: String], mentions: String)] = [
            ("T1-zero", ["--threads", "0"], [:], "'--threads' must be between 1 and 256, got 0"),
            ("T2-word", ["--threads", "all"], [:], "'--threads' expects a whole number, got 'all'"),
            ("T3-env", [], ["SAVVY_THREADS": "many"], "SAVVY_THREADS must be a whole number from 1 to 256, got 'many'"),
        ]
        for c in cases {
            let run = try BinaryRun.savvy(args + c.extra, environment: c.environment)
            XCTAssertEqual(run.exitCode, 64, c.id)
            XCTAssertTrue(run.stderr.contains(c.mentions), "\(c.id): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", c.id)
        }
    }

    func testFramesAreAlignedColumns() throws {
        let run = try BinaryRun.savvy(["analyze", PackagePaths.fixture("pitch-glide.wav"), "--json", "--frames"])
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let frames = try XCTUnwrap(doc["frames"] as? [String: [Any]])
        let n = try XCTUnwrap(frames["time"]).count
        XCTAssertGreaterThan(n, 300)
        for (key, column) in frames { XCTAssertEqual(column.count, n, key) }
        // The glide runs 110 → 220 Hz: voiced frames must stay inside it (with 3 % slack).
        let f0 = try XCTUnwrap(frames["f0"]).compactMap { $0 as? Double }
        XCTAssertGreaterThan(f0.count, n / 2)
        XCTAssertTrue(f0.allSatisfy { $0 > 106 && $0 < 227 }, "\(f0.min()!)…\(f0.max()!)")
    }

    func testHumanReportShowsBandsAndNoColourWhenPiped() throws {
        let run = try BinaryRun.savvy(["analyze", PackagePaths.fixture("star-answer.wav")], environment: ["TERM": "xterm"])
        XCTAssertEqual(run.exitCode, 0)
        for label in ["Pitch variety", "Loudness range", "Voice (CPPS)", "Speech activity", "Pauses", "Recording"] {
            XCTAssertTrue(run.stdout.contains(label), label)
        }
        XCTAssertFalse(run.stdout.contains("\u{1B}["))
        let forced = try BinaryRun.savvy(["analyze", PackagePaths.fixture("star-answer.wav"), "--color", "always"])
        XCTAssertTrue(forced.stdout.contains("\u{1B}["))
    }

    /// Each bad file: exit 1, nothing on stdout, exactly one line on stderr saying what is wrong.
    func testBadInputTable() throws {
        let dir = try TemporaryDirectory()
        let text = dir.path("notes.wav")
        try "these are not samples".write(toFile: text, atomically: true, encoding: .utf8)
        let empty = dir.path("empty.wav")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        let good = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.fixture("star-answer.wav")))
        let truncated = dir.path("truncated.wav")
        try good.prefix(good.count / 3).write(to: URL(fileURLWithPath: truncated))
        let headerOnly = dir.path("header-only.wav")
        var header = good.prefix(44)
        header.replaceSubrange(40..<44, with: [0, 0, 0, 0])
        header.replaceSubrange(4..<8, with: [36, 0, 0, 0])
        try header.write(to: URL(fileURLWithPath: headerOnly))
        let cases: [(id: String, path: String, says: String)] = [
            ("missing", dir.path("nope.wav"), "nope.wav"),
            ("directory", dir.path, "directory"),
            ("not-audio", text, "notes.wav"),
            ("zero-bytes", empty, "empty.wav"),
            ("truncated", truncated, "truncated"),
            ("no-frames", headerOnly, "header-only.wav"),
        ]
        for c in cases {
            let run = try BinaryRun.savvy(["analyze", c.path])
            XCTAssertEqual(run.exitCode, 1, c.id)
            XCTAssertEqual(run.stdout, "", c.id)
            let lines = run.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("savvy: error: "), c.id)
            XCTAssertTrue(run.stderr.contains(c.says), "\(c.id): \(run.stderr)")
        }
    }

    func testFramesWithoutJSONIsAUsageError() throws {
        let run = try BinaryRun.savvy(["analyze", PackagePaths.fixture("star-answer.wav"), "--frames"])
        XCTAssertEqual(run.exitCode, 64)
        XCTAssertTrue(run.stderr.contains("'--frames' goes with '--json'"))
        XCTAssertTrue(run.stderr.contains("See 'savvy analyze --help'."))
    }
}
