import Foundation
import XCTest

import SavvyTestSupport
@testable import SavvyStore

final class DataLocationTests: XCTestCase {
    func testResolutionOrder() throws {
        let cases: [(id: String, db: String?, env: [String: String], database: String, recordings: String)] = [
            ("db-flag-wins", "/x/y/my.db", ["SAVVY_HOME": "/h", "XDG_DATA_HOME": "/d", "HOME": "/u"],
             "/x/y/my.db", "/x/y/recordings"),
            ("savvy-home", nil, ["SAVVY_HOME": "/h", "XDG_DATA_HOME": "/d", "HOME": "/u"],
             "/h/savvy.db", "/h/recordings"),
            ("empty-savvy-home-ignored", nil, ["SAVVY_HOME": "", "XDG_DATA_HOME": "/d", "HOME": "/u"],
             "/d/savvy/savvy.db", "/d/savvy/recordings"),
            ("xdg", nil, ["XDG_DATA_HOME": "/d", "HOME": "/u"], "/d/savvy/savvy.db", "/d/savvy/recordings"),
            ("relative-xdg-ignored", nil, ["XDG_DATA_HOME": "rel", "HOME": "/u"],
             "/u/.local/share/savvy/savvy.db", "/u/.local/share/savvy/recordings"),
            ("home", nil, ["HOME": "/u"], "/u/.local/share/savvy/savvy.db", "/u/.local/share/savvy/recordings"),
            ("dots-normalised", "/x/./y/../z.db", [:], "/x/z.db", "/x/recordings"),
        ]
        for testCase in cases {
            let location = try DataLocation.resolve(databasePath: testCase.db, environment: testCase.env)
            XCTAssertEqual(location.databaseURL.path, testCase.database, testCase.id)
            XCTAssertEqual(location.recordingsURL.path, testCase.recordings, testCase.id)
        }
    }

    func testRelativeDatabasePathIsTakenFromTheCurrentDirectory() throws {
        let location = try DataLocation.resolve(databasePath: "sub/s.db", environment: [:])
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(location.databaseURL.path, URL(fileURLWithPath: cwd).appendingPathComponent("sub/s.db").standardizedFileURL.path)
    }

    func testResolutionErrors() {
        let cases: [(id: String, db: String?, env: [String: String], message: String)] = [
            ("nothing", nil, [:],
             "cannot find a data directory: neither SAVVY_HOME, XDG_DATA_HOME nor HOME is set; set SAVVY_HOME or pass --db"),
            ("db-empty", "", ["HOME": "/u"],
             "cannot use '' as the database: it names a directory, not a file; pass --db with a file path"),
            ("db-trailing-slash", "/x/", ["HOME": "/u"],
             "cannot use '/x/' as the database: it names a directory, not a file; pass --db with a file path"),
        ]
        for testCase in cases {
            XCTAssertThrowsError(try DataLocation.resolve(databasePath: testCase.db, environment: testCase.env), testCase.id) {
                XCTAssertEqual($0.localizedDescription, testCase.message, testCase.id)
            }
        }
    }

    func testCreatesNestedDirectories() throws {
        let directory = try TemporaryDirectory()
        let location = DataLocation(directory: directory.url.appendingPathComponent("a/b/c"))
        try location.createDirectories()
        try location.createDirectories()  // idempotent
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: location.recordingsURL.path, isDirectory: &isDirectory))
        XCTAssertTrue(isDirectory.boolValue)
    }

    /// An unwritable data directory. Tests run as root, which ignores mode bits (chmod 0500 would
    /// not stop it), so the failure is forced with a path under a regular file, which fails with
    /// ENOTDIR for every user.
    func testUnwritableDirectoryGivesClearError() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let target = file.appendingPathComponent("sub")
        let location = DataLocation(directory: target)
        XCTAssertThrowsError(try SessionStore(location: location)) { error in
            XCTAssertEqual(
                error.localizedDescription,
                "cannot create data directory '\(target.path)': '\(file.path)' is a file, not a directory; "
                    + "set SAVVY_HOME to a writable directory")
        }
    }

    /// The errno wording the directory errors use, including EACCES for non-root users.
    func testErrnoDescriptions() {
        XCTAssertEqual(DataLocation.describe(errno: EACCES), "permission denied")
        XCTAssertEqual(DataLocation.describe(errno: ENOSPC), "disk full")
        XCTAssertEqual(DataLocation.describe(errno: EROFS), "read-only file system")
    }

    func testDatabasePathThatIsADirectoryIsRefused() throws {
        let directory = try TemporaryDirectory()
        let location = DataLocation(databaseURL: directory.url)
        XCTAssertThrowsError(try SessionStore(location: location)) { error in
            XCTAssertEqual(
                error.localizedDescription,
                "cannot use '\(directory.url.path)' as the database: it is a directory; pass --db with a file path")
        }
    }
}
