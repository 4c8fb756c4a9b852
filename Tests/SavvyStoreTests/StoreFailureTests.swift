import Foundation
import XCTest

import SavvyTestSupport
@testable import SavvyStore

/// Bad databases and bad disks: each gives one clear line, and nothing half-written.
final class StoreFailureTests: XCTestCase {
    func testGarbageFileIsReportedAsCorrupt() throws {
        let directory = try TemporaryDirectory()
        let location = directory.location
        try location.createDirectories()
        try Data(SeededBytes.make(count: 4096, seed: 9)).write(to: location.databaseURL)
        XCTAssertThrowsError(try SessionStore(location: location)) { error in
            XCTAssertEqual(error as? StoreError, .corrupt(path: location.databaseURL.path, detail: "SQLITE_NOTADB"))
            XCTAssertEqual(
                error.localizedDescription,
                "'\(location.databaseURL.path)' is not a savvy database or is damaged (SQLITE_NOTADB); "
                    + "move it aside and run again")
        }
    }

    func testOtherProgramsDatabaseIsNotTakenOver() throws {
        let directory = try TemporaryDirectory()
        let location = directory.location
        try location.createDirectories()
        try Connection(path: location.databaseURL.path).execute("CREATE TABLE notes (body TEXT)", action: "test")
        XCTAssertThrowsError(try SessionStore(location: location)) { error in
            XCTAssertEqual(
                error.localizedDescription,
                "'\(location.databaseURL.path)' is not a savvy database or is damaged "
                    + "(an sqlite database of another program); move it aside and run again")
        }
    }

    /// Another connection holds the write lock past our (short) busy timeout: the write fails with
    /// the locked line, copies no audio, and reading still works (WAL readers are not blocked).
    func testLockedDatabase() throws {
        let directory = try TemporaryDirectory()
        let location = directory.location
        let store = try SessionStore(location: location, busyTimeout: 0.2)
        let existing = try store.insertSession(Fixtures.session(audio: try directory.audioFile(named: "old.wav", seed: 4)))
        let holder = try Connection(path: location.databaseURL.path)
        try holder.execute("BEGIN EXCLUSIVE", action: "test")

        let started = Date()
        XCTAssertThrowsError(try store.insertSession(Fixtures.session(audio: try directory.audioFile(seed: 5)))) { error in
            XCTAssertEqual(error as? StoreError, .locked(path: location.databaseURL.path))
            XCTAssertEqual(
                error.localizedDescription,
                "database '\(location.databaseURL.path)' is locked: another savvy is writing to it; try again in a moment")
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.15, "the busy timeout was honoured")
        XCTAssertEqual(try store.history().map(\.id), [existing])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.vault.directory.path).count, 1)

        try holder.execute("COMMIT", action: "test")
        XCTAssertNoThrow(try store.insertSession(Fixtures.session(audio: try directory.audioFile(seed: 5))))
    }

    /// The database hits its size limit (`PRAGMA max_page_count`, SQLite's own way to make
    /// SQLITE_FULL without filling a real disk): the failing insert is rolled back whole, its
    /// audio is removed, and the file passes integrity_check.
    func testDatabaseFullRollsBackCleanly() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let pages = try Self.integer(store.connection, "PRAGMA page_count")
        try store.connection.execute("PRAGMA max_page_count = \(pages + 12)", action: "test")

        var saved = 0
        var failure: (any Error)?
        for index in 0..<100 {
            var session = Fixtures.session(audio: try directory.audioFile(named: "a\(index).wav", seed: UInt64(index)))
            session.transcriptJSON = Data(SeededBytes.make(count: 6000, seed: UInt64(1000 + index)))
            do {
                try store.insertSession(session, scoring: Fixtures.scoring())
                saved += 1
            } catch {
                failure = error
                break
            }
        }
        let error = try XCTUnwrap(failure, "the page limit was never reached")
        XCTAssertGreaterThan(saved, 0)
        XCTAssertEqual(error as? StoreError, .diskFull(path: directory.location.databaseURL.path))
        XCTAssertEqual(
            error.localizedDescription,
            "disk full while writing '\(directory.location.databaseURL.path)'; free space and retry — nothing was saved")
        XCTAssertEqual(try store.integrityProblems(), [])
        XCTAssertEqual(try store.history().count, saved)
        XCTAssertEqual(try Self.integer(store.connection, "SELECT count(*) FROM scorings"), saved)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.vault.directory.path).count, saved)
    }

    /// A real full file system: a 256 KiB tmpfs. Needs root and mount permission, so it is skipped
    /// elsewhere; the page-limit test above covers SQLITE_FULL everywhere.
    func testFullFileSystem() throws {
        let directory = try TemporaryDirectory()
        let mountPoint = directory.url.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try Self.mountTmpfs(at: mountPoint, kilobytes: 256)
        defer { _ = try? runProgram("/bin/umount", ["-l", mountPoint.path]) }

        let location = DataLocation(directory: mountPoint)
        var saved = 0
        do {
            let store = try SessionStore(location: location)
            var failure: (any Error)?
            for index in 0..<100 {
                let audio = try directory.audioFile(named: "a\(index).wav", bytes: 20_000, seed: UInt64(index))
                do {
                    try store.insertSession(Fixtures.session(audio: audio, minutes: index))
                    saved += 1
                } catch {
                    failure = error
                    break
                }
            }
            let error = try XCTUnwrap(failure, "the file system never filled")
            guard case StoreError.diskFull = error else { return XCTFail("expected disk full, got \(error)") }
            XCTAssertTrue(error.localizedDescription.hasSuffix("; free space and retry — nothing was saved"))
            XCTAssertEqual(try RecordingVaultTests.temporaryFiles(in: store.vault), [], "no partial temp file")
        }
        let reopened = try SessionStore(location: location)
        XCTAssertEqual(try reopened.integrityProblems(), [])
        let rows = try reopened.history()
        XCTAssertEqual(rows.count, saved)
        for row in rows {
            XCTAssertNoThrow(try reopened.verifyRecording(of: try XCTUnwrap(try reopened.session(id: row.id))))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: reopened.vault.directory.path).count, saved)
    }

    /// Issue 10 item 15: a disk that is already full when a new database is opened says "disk
    /// full", not "SQLITE_IOERR, extended code 4874".
    func testIssue10_diskFullAtOpenSaysDiskFull() throws {
        let directory = try TemporaryDirectory()
        let mountPoint = directory.url.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try Self.mountTmpfs(at: mountPoint, kilobytes: 512)
        defer { _ = try? runProgram("/bin/umount", ["-l", mountPoint.path]) }
        let location = DataLocation(directory: mountPoint)
        // An existing database (closed: its -wal and -shm files are gone), then every block filled.
        _ = try SessionStore(location: location)
        _ = try runProgram("/bin/dd", ["if=/dev/zero", "of=\(mountPoint.path)/filler", "bs=4096"])
        XCTAssertThrowsError(try SessionStore(location: location)) { error in
            guard case StoreError.diskFull = error else { return XCTFail("expected disk full, got \(error)") }
        }
    }

    /// A read-only file system (a tmpfs remounted read-only) gives the read-only line.
    func testReadOnlyFileSystem() throws {
        let directory = try TemporaryDirectory()
        let mountPoint = directory.url.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try Self.mountTmpfs(at: mountPoint, kilobytes: 1024)
        defer { _ = try? runProgram("/bin/umount", ["-l", mountPoint.path]) }
        let location = DataLocation(directory: mountPoint)
        do {
            let store = try SessionStore(location: location)
            try store.insertSession(Fixtures.session(audio: try directory.audioFile()))
        }
        let remount = try runProgram("/bin/mount", ["-o", "remount,ro", mountPoint.path])
        XCTAssertEqual(remount.status, 0)
        XCTAssertThrowsError(try SessionStore(location: location)) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: location.databaseURL.path), "\(error)")
            XCTAssertEqual(
                error.localizedDescription,
                "cannot write '\(location.databaseURL.path)': read-only file system or permission denied; "
                    + "fix the permissions or set SAVVY_HOME to a writable directory")
        }
    }

    /// Every StoreError case renders as one lower-case line naming its subject.
    func testMessages() {
        let cases: [(id: String, error: StoreError, message: String)] = [
            ("disk-full-recordings", .diskFull(path: "/d/recordings"),
             "disk full while writing '/d/recordings'; free space and retry — nothing was saved"),
            ("cannot-open", .cannotOpen(path: "/d/savvy.db", reason: "unable to open database file"),
             "cannot open database '/d/savvy.db': unable to open database file; check the path or set SAVVY_HOME to a writable directory"),
            ("missing", .recordingMissing(path: "/d/recordings/x.wav"),
             "recording '/d/recordings/x.wav' is missing; restore it from a backup or delete the session"),
            ("changed", .recordingChanged(path: "/r.wav", expected: String(repeating: "a", count: 64), found: String(repeating: "b", count: 64)),
             "recording '/r.wav' has changed since it was scored (sha256 bbbbbbbbbbbb…, expected aaaaaaaaaaaa…); restore the original file"),
            ("remove", .cannotRemoveRecording(path: "/r.wav", reason: "permission denied"),
             "the session was deleted but its recording '/r.wav' could not be removed (permission denied); delete it by hand"),
            ("sqlite", .sqlite(path: "/d/savvy.db", code: 1, message: "no such table: x", action: "reading history"),
             "sqlite error while reading history in '/d/savvy.db' (SQLITE_ERROR: no such table: x); run 'savvy doctor'"),
            ("sqlite-extended", .sqlite(path: "/d/savvy.db", code: 10 | (4 << 8), message: "disk I/O error", action: "saving a session"),
             "sqlite error while saving a session in '/d/savvy.db' (SQLITE_IOERR, extended code 1034: disk I/O error); run 'savvy doctor'"),
        ]
        for testCase in cases {
            let message = testCase.error.localizedDescription
            XCTAssertEqual(message, testCase.message, testCase.id)
            XCTAssertFalse(message.contains("\n"), testCase.id)
            XCTAssertEqual(message.first.map { String($0) }, message.first.map { String($0).lowercased() }, testCase.id)
        }
    }

    /// SQLite result codes map to the cases users can act on.
    func testResultCodeMapping() {
        let cases: [(code: Int32, expected: StoreError)] = [
            (5, .locked(path: "p")), (5 | (2 << 8), .locked(path: "p")), (6, .locked(path: "p")),
            (26, .corrupt(path: "p", detail: "SQLITE_NOTADB")), (13, .diskFull(path: "p")),
            (8, .readOnly(path: "p")), (3, .readOnly(path: "p")), (14, .cannotOpen(path: "p", reason: "m")),
        ]
        for testCase in cases {
            XCTAssertEqual(StoreError.from(code: testCase.code, message: "m", path: "p", action: "a"), testCase.expected, "code \(testCase.code)")
        }
    }

    static func integer(_ connection: Connection, _ sql: String) throws -> Int {
        let statement = try connection.prepare(sql, action: "test")
        _ = try statement.step()
        return Int(statement.int64(0))
    }

    static func mountTmpfs(at url: URL, kilobytes: Int) throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else {
            throw XCTSkip("mounting a tmpfs needs root")
        }
        let result = try runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path])
        guard result.status == 0 else { throw XCTSkip("mount -t tmpfs is not permitted here") }
    }
}
