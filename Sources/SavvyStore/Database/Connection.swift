@preconcurrency import Glibc
import CSQLite
import Foundation
import SavvyFileSystem

/// One open SQLite database handle, configured the way savvy needs it.
///
/// Opened with `SQLITE_OPEN_NOMUTEX`: a `Connection` is not thread-safe by itself, and its owner
/// (`SessionStore`) serialises every use under its own lock. Two processes (or two stores in one
/// process) each use their own connection; SQLite's file locks plus the busy timeout and
/// `BEGIN IMMEDIATE` transactions keep their writes from deadlocking.
///
/// Configuration on open:
/// - extended result codes, so `SQLITE_IOERR_*` and friends keep their detail;
/// - a busy timeout (default 5 s) so a short write by another savvy is waited for, not reported;
/// - `foreign_keys=ON` (off by default in SQLite) so scorings cascade with their session;
/// - `journal_mode=WAL` so readers never block the writer and a crash never leaves a torn page;
/// - `synchronous=NORMAL`, which in WAL mode is durable across application crashes and only
///   risks the last commits on power loss, at a fraction of the fsyncs of `FULL`.
final class Connection {
    /// The path the connection was opened with, used in every error message.
    let path: String
    private let handle: OpaquePointer

    /// Opens (creating if needed) and configures the database at `path`.
    ///
    /// - Parameter busyTimeout: how long to wait for another writer's lock, in seconds.
    /// - Throws: `StoreError` — `.corrupt` when the file is not an SQLite database, `.locked`,
    ///   `.readOnly`, `.cannotOpen`.
    /// - Parameter create: whether a missing file is created (false for commands that only read).
    init(path: String, busyTimeout: TimeInterval = 5, create: Bool = true) throws {
        self.path = path
        var raw: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        // The path's own bytes (it need not be UTF-8): SQLite's unix VFS passes them to open(2)
        // as given, and derives the -wal and -shm names from them.
        let openCode = RawPath.withCString(path) { sqlite3_open_v2($0, &raw, flags, nil) }
        guard let raw else {
            throw StoreError.cannotOpen(path: path, reason: "sqlite could not allocate a connection")
        }
        do {
            guard openCode == SQLITE_OK else {
                throw Connection.error(raw, code: openCode, path: path, action: "opening the database")
            }
            // On a read-only file or file system SQLite quietly opens read-only instead of failing;
            // savvy always writes, so say so now rather than fail obscurely later.
            if sqlite3_db_readonly(raw, "main") == 1 {
                throw StoreError.readOnly(path: path)
            }
            sqlite3_extended_result_codes(raw, 1)
            sqlite3_busy_timeout(raw, Int32(max(0, min(busyTimeout * 1000, Double(Int32.max)))))
            // journal_mode is the first statement that reads the file header, so a file that is not
            // a database fails here with SQLITE_NOTADB.
            for pragma in ["PRAGMA journal_mode=WAL", "PRAGMA foreign_keys=ON", "PRAGMA synchronous=NORMAL"] {
                let code = sqlite3_exec(raw, pragma, nil, nil, nil)
                guard code == SQLITE_OK else {
                    throw Connection.error(raw, code: code, path: path, action: "configuring the database")
                }
            }
        } catch {
            // The handle is not yet owned by `self`, so release it here: deinit will not run.
            sqlite3_close_v2(raw)
            throw error
        }
        handle = raw
    }

    deinit {
        // close_v2 defers the close until every statement is finalized, so a statement that
        // outlives its connection cannot crash.
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that bind nothing and return no rows we need.
    func execute(_ sql: String, action: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code: code, action: action) }
    }

    /// Compiles one statement.
    func prepare(_ sql: String, action: String) throws -> Statement {
        try Statement(connection: self, sql: sql, action: action)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back when it throws.
    ///
    /// `IMMEDIATE` takes the write lock at the start. With a deferred transaction two processes
    /// can both read, then both try to upgrade to write, and one gets `SQLITE_BUSY` at once
    /// without the busy handler being consulted (a deadlock SQLite breaks by failing).
    func transaction<T>(action: String, _ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE", action: action)
        do {
            let result = try body()
            try execute("COMMIT", action: action)
            return result
        } catch {
            // After some errors (SQLITE_FULL, SQLITE_IOERR) SQLite has already rolled back; a second
            // ROLLBACK would fail and hide the real error.
            if sqlite3_get_autocommit(handle) == 0 {
                sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    /// The rowid of the last successful INSERT on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The raw handle, for `Statement` only.
    var rawHandle: OpaquePointer { handle }

    /// Builds the `StoreError` for a failed call on this connection.
    func error(code: Int32, action: String) -> StoreError {
        Connection.error(handle, code: code, path: path, action: action)
    }

    private static func error(_ db: OpaquePointer, code: Int32, path: String, action: String) -> StoreError {
        let message = sqlite3_errmsg(db).map { String(cString: $0) } ?? "unknown error"
        // A full disk surfaces as whatever I/O step hit it first — at open often
        // SQLITE_IOERR_SHMSIZE (4874) sizing the WAL index — but the OS errno says what it is.
        let systemErrno = sqlite3_system_errno(db)
        if [SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_FULL].contains(code & 0xFF), systemErrno == ENOSPC || systemErrno == EDQUOT {
            return .diskFull(path: path)
        }
        // SQLITE_CANTOPEN says nothing about why; the OS errno does.
        if code & 0xFF == SQLITE_CANTOPEN {
            if [EACCES, EPERM, EROFS].contains(systemErrno) { return .readOnly(path: path) }
            if systemErrno != 0 { return .cannotOpen(path: path, reason: DataLocation.describe(errno: systemErrno)) }
        }
        return StoreError.from(code: code, message: message, path: path, action: action)
    }
}
