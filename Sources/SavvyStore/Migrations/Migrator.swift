/// Brings a database's schema up to date, one migration per transaction.
///
/// The schema version lives in `PRAGMA user_version` (a 32-bit integer in the file header, 0 for
/// a new file), so no bookkeeping table is needed and the version is readable without knowing
/// the schema.
struct Migrator: Sendable {
    /// Migrations in version order: element `i` produces version `i + 1`.
    let migrations: [Migration]

    /// Creates a migrator; the versions must be exactly 1, 2, 3, … in order.
    init(migrations: [Migration]) {
        for (offset, migration) in migrations.enumerated() {
            precondition(
                migration.version == offset + 1,
                "migration '\(migration.name)' has version \(migration.version), expected \(offset + 1)")
        }
        self.migrations = migrations
    }

    /// The schema version the migrations end at.
    var latestVersion: Int { migrations.count }

    /// The version recorded in the database file.
    static func currentVersion(of connection: Connection) throws -> Int {
        let statement = try connection.prepare("PRAGMA user_version", action: "reading the schema version")
        guard try statement.step() else { return 0 }
        return Int(statement.int64(0))
    }

    /// Applies every migration after the database's version, up to `target` (default: the latest).
    ///
    /// Each migration runs in its own `BEGIN IMMEDIATE` transaction together with the version
    /// bump, so a crash or a full disk leaves the database at the previous version, never between.
    /// The version is read again inside the transaction because another process may have
    /// migrated the same file while this one waited for the lock.
    ///
    /// - Throws: `StoreError.schemaTooNew` when the file is newer than this savvy,
    ///   `StoreError.corrupt` for a negative version.
    func migrate(_ connection: Connection, upTo target: Int? = nil) throws {
        let target = target ?? latestVersion
        precondition(target >= 0 && target <= latestVersion, "no migration produces version \(target)")
        let found = try Migrator.currentVersion(of: connection)
        try check(found, path: connection.path)
        guard found < target else { return }
        for migration in migrations[found..<target] {
            try connection.transaction(action: "upgrading the database to version \(migration.version)") {
                let current = try Migrator.currentVersion(of: connection)
                try check(current, path: connection.path)
                guard current < migration.version else { return }
                if current == 0, try Migrator.hasTables(connection) {
                    // A version-0 file with tables is some other program's database; migrating
                    // would scatter savvy's tables into it. Checked under the write lock so a
                    // concurrent first open that just migrated is seen as version 1, not as this.
                    throw StoreError.corrupt(path: connection.path, detail: "an sqlite database of another program")
                }
                let action = "applying migration \(migration.version) (\(migration.name))"
                for sql in migration.statements {
                    try connection.execute(sql, action: action)
                }
                // PRAGMA takes no bound parameters; the version is an Int we generated.
                try connection.execute("PRAGMA user_version = \(migration.version)", action: action)
            }
        }
    }

    /// Refuses a version this build cannot continue from: newer than it knows, or negative
    /// (`user_version` is a signed 32-bit field no savvy sets below 0; such a file was edited by
    /// hand or by another program, and slicing the migrations with it would trap).
    private func check(_ version: Int, path: String) throws {
        if version < 0 {
            throw StoreError.corrupt(path: path, detail: "schema version \(version), which no savvy writes")
        }
        if version > latestVersion {
            throw StoreError.schemaTooNew(path: path, found: version, supported: latestVersion)
        }
    }

    /// Whether the database has any schema object of its own (SQLite's internal tables excluded).
    private static func hasTables(_ connection: Connection) throws -> Bool {
        let statement = try connection.prepare(
            "SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' LIMIT 1", action: "reading the schema")
        return try statement.step()
    }
}
