import Foundation
import XCTest

import SavvyTestSupport
@testable import SavvyStore

final class MigratorTests: XCTestCase {
    /// Every shipped version's schema is pinned by `SchemaGoldens`, so an edit to a shipped
    /// migration fails here.
    func testEachShippedVersionMatchesItsGolden() throws {
        let directory = try TemporaryDirectory()
        for version in 1...Migrator.savvy.latestVersion {
            let connection = try Connection(path: directory.url.appendingPathComponent("v\(version).db").path)
            try Migrator.savvy.migrate(connection, upTo: version)
            let schema = try Self.schema(of: connection)
            guard let golden = SchemaGoldens.byVersion[version] else {
                XCTFail("no golden for schema v\(version); add this to SchemaGoldens:\n\(schema)")
                continue
            }
            XCTAssertEqual(schema, golden + "\n", "schema v\(version) differs from the shipped one")
        }
    }

    /// From empty and from every earlier version, migrating ends at the latest schema.
    func testMigratesFromEveryEarlierVersion() throws {
        let directory = try TemporaryDirectory()
        let reference = try Connection(path: directory.url.appendingPathComponent("reference.db").path)
        try Migrator.savvy.migrate(reference)
        let latestSchema = try Self.schema(of: reference)
        for start in 0..<Migrator.savvy.latestVersion {
            let connection = try Connection(path: directory.url.appendingPathComponent("from-v\(start).db").path)
            try Migrator.savvy.migrate(connection, upTo: start)
            XCTAssertEqual(try Migrator.currentVersion(of: connection), start)
            try Migrator.savvy.migrate(connection)
            XCTAssertEqual(try Migrator.currentVersion(of: connection), Migrator.savvy.latestVersion, "from v\(start)")
            XCTAssertEqual(try Self.schema(of: connection), latestSchema, "from v\(start)")
        }
    }

    /// Re-opening a current database changes nothing and keeps the data.
    func testReopenIsIdempotent() throws {
        let directory = try TemporaryDirectory()
        let audio = try directory.audioFile()
        let id = try SessionStore(location: directory.location).insertSession(Fixtures.session(audio: audio))
        let first = try SessionStore(location: directory.location)
        let schema = try Self.schema(of: first.connection)
        let second = try SessionStore(location: directory.location)
        XCTAssertEqual(try Self.schema(of: second.connection), schema)
        XCTAssertEqual(try Migrator.currentVersion(of: second.connection), SessionStore.schemaVersion)
        XCTAssertEqual(try second.session(id: id)?.drill, "star")
    }

    /// A migration that fails halfway leaves the database at the previous version with none of
    /// its statements applied.
    func testFailedMigrationRollsBack() throws {
        let directory = try TemporaryDirectory()
        let connection = try Connection(path: directory.url.appendingPathComponent("savvy.db").path)
        let broken = Migration(version: 2, name: "broken", statements: ["CREATE TABLE extra (x)", "NOT SQL"])
        let migrator = Migrator(migrations: Migrator.savvy.migrations.prefix(1) + [broken])
        XCTAssertThrowsError(try migrator.migrate(connection)) { error in
            guard case StoreError.sqlite(_, _, _, let action) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(action, "applying migration 2 (broken)")
        }
        XCTAssertEqual(try Migrator.currentVersion(of: connection), 1)
        let extra = try connection.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'extra'", action: "test")
        XCTAssertTrue(try extra.step())
        XCTAssertEqual(extra.int64(0), 0)
    }

    /// A file stamped with a future version is refused before anything is written.
    func testNewerSchemaIsRefused() throws {
        let directory = try TemporaryDirectory()
        try directory.location.createDirectories()
        let future = SessionStore.schemaVersion + 7
        try Connection(path: directory.location.databaseURL.path).execute("PRAGMA user_version = \(future)", action: "test")
        XCTAssertThrowsError(try SessionStore(location: directory.location)) { error in
            XCTAssertEqual(
                error as? StoreError,
                .schemaTooNew(path: directory.location.databaseURL.path, found: future, supported: SessionStore.schemaVersion))
            XCTAssertEqual(
                error.localizedDescription,
                "'\(directory.location.databaseURL.path)' has schema version \(future) but this savvy knows only up to "
                    + "\(SessionStore.schemaVersion); upgrade savvy or pass --db with another file")
        }
    }

    /// Issue 10 item 8: a negative or unknown `user_version` is one clear line, never a trap
    /// (-1 crashed slicing the migrations). Table: (id, version, expected error).
    func testIssue10_unknownSchemaVersionIsAClearError() throws {
        let cases: [(id: String, version: Int, negative: Bool)] = [
            ("minus one", -1, true),
            ("int32 min", Int(Int32.min), true),
            ("int32 max", Int(Int32.max), false),
        ]
        for c in cases {
            let directory = try TemporaryDirectory()
            try directory.location.createDirectories()
            let path = directory.location.databaseURL.path
            try Connection(path: path).execute("PRAGMA user_version = \(c.version)", action: "test")
            XCTAssertThrowsError(try SessionStore(location: directory.location), c.id) { error in
                let expected: StoreError = c.negative
                    ? .corrupt(path: path, detail: "schema version \(c.version), which no savvy writes")
                    : .schemaTooNew(path: path, found: c.version, supported: SessionStore.schemaVersion)
                XCTAssertEqual(error as? StoreError, expected, c.id)
            }
        }
    }

    /// Two processes opening a new file at once: one migrates, the other sees it done.
    func testConcurrentFirstOpenMigratesOnce() throws {
        let directory = try TemporaryDirectory()
        let location = directory.location
        try location.createDirectories()
        let errors = LockedList()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                _ = try SessionStore(location: location)
            } catch {
                errors.append("\(error)")
            }
        }
        XCTAssertEqual(errors.items, [])
        XCTAssertEqual(try Migrator.currentVersion(of: try SessionStore(location: location).connection), SessionStore.schemaVersion)
    }

    /// The schema as text: every table and index's SQL plus the version.
    static func schema(of connection: Connection) throws -> String {
        let statement = try connection.prepare(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
            action: "test")
        var lines = ["-- user_version \(try Migrator.currentVersion(of: connection))"]
        while try statement.step() {
            lines.append("-- \(statement.text(0)) \(statement.text(1))\n\(statement.text(2));")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A thread-safe list for collecting results from concurrent work in tests.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ item: String) {
        lock.withLock { storage.append(item) }
    }

    var items: [String] { lock.withLock { storage } }
}
