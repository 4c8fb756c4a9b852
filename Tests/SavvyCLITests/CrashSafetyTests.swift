import Foundation
import XCTest
import SavvyTestSupport

/// A session is written in one transaction after its audio is safely on disk, so a process
/// killed at any moment leaves a consistent database, and concurrent writers both succeed.
final class CrashSafetyTests: XCTestCase {
    private func savvy(_ args: [String], home: TemporaryDirectory) throws -> BinaryRun {
        try BinaryRun.savvy(args, environment: ["SAVVY_HOME": home.path])
    }

    /// Every stored session's recording exists and the database passes its integrity check.
    private func assertConsistent(_ home: TemporaryDirectory, file: StaticString = #filePath, line: UInt = #line) throws {
        let doctor = try savvy(["doctor", "--no-mic", "--json"], home: home)
        let checks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(doctor.stdout.utf8)) as? [[String: Any]],
                                   doctor.stderr, file: file, line: line)
        let database = checks.first { $0["name"] as? String == "database" }
        XCTAssertEqual(database?["status"] as? String, "ok", "\(String(describing: database))", file: file, line: line)
        let history = try savvy(["history", "--json"], home: home)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]],
                                 file: file, line: line)
        for row in rows {
            let id = try XCTUnwrap(row["id"] as? Int, file: file, line: line)
            let shown = try savvy(["show", "\(id)", "--json"], home: home)
            let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any],
                                    shown.stderr, file: file, line: line)
            let path = try XCTUnwrap((doc["source"] as? [String: Any])?["path"] as? String, file: file, line: line)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "session \(id) points at missing \(path)",
                          file: file, line: line)
        }
    }

    func testKilledScoreLeavesConsistentDatabase() throws {
        let home = try TemporaryDirectory()
        // Kill at several points of the run: decoding, recognising, copying, committing.
        for delay in [0.05, 0.3, 0.8, 1.5, 2.5] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: PackagePaths.savvyBinary)
            process.arguments = ["score", PackagePaths.fixture("fillers.wav"), "--asr", "pocketsphinx", "--coach", "heuristic"]
            process.environment = ["SAVVY_HOME": home.path, "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try assertConsistent(home)
        }
        // And the data folder still works for the next, uninterrupted run.
        let run = try savvy(["score", PackagePaths.fixture("fillers.wav"), "--asr", "pocketsphinx", "--coach", "heuristic"], home: home)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        try assertConsistent(home)
    }

    func testTwoConcurrentScoresOnOneDatabaseBothSucceed() throws {
        let home = try TemporaryDirectory()
        let group = DispatchGroup()
        let lock = NSLock()
        nonisolated(unsafe) var codes: [Int32] = []
        for _ in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                let run = try? BinaryRun.savvy(["score", PackagePaths.fixture("fillers.wav"), "--asr", "pocketsphinx",
                                                "--coach", "heuristic"], environment: ["SAVVY_HOME": home.path])
                lock.lock()
                codes.append(run?.exitCode ?? -1)
                lock.unlock()
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(codes, [0, 0])
        let history = try savvy(["history", "--json"], home: home)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 2)
        try assertConsistent(home)
    }

    func testCorruptDatabaseIsOneClearLine() throws {
        let home = try TemporaryDirectory()
        try Data(repeating: 0x42, count: 8192).write(to: home.url.appendingPathComponent("savvy.db"))
        let run = try savvy(["history"], home: home)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("is not a savvy database or is damaged"), run.stderr)
    }

    func testUnwritableDataFolderIsOneClearLine() throws {
        let dir = try TemporaryDirectory()
        let file = dir.path("plain-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        // Root ignores mode bits, so a path under a regular file is the reliable way to fail.
        let run = try BinaryRun.savvy(["history"], environment: ["SAVVY_HOME": file + "/savvy"])
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("set SAVVY_HOME to a writable directory"), run.stderr)
    }
}
