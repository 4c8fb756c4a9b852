import Foundation

/// Everything that can go wrong while keeping sessions on disk.
///
/// Each case carries the path it concerns so the one line the user reads names the file and says
/// what to do next. No transcript text, prompt body or LLM response ever appears in a message.
public enum StoreError: Error, Equatable, Sendable {
    /// Another connection holds the write lock longer than the busy timeout.
    case locked(path: String)
    /// The file is not an SQLite database, or SQLite found damage in it. `detail` names the
    /// SQLite code (`SQLITE_NOTADB`, `SQLITE_CORRUPT`) or the unreadable value.
    case corrupt(path: String, detail: String)
    /// The database or its directory cannot be written (read-only file system or permissions).
    case readOnly(path: String)
    /// The database file cannot be opened at all.
    case cannotOpen(path: String, reason: String)
    /// The file system is full (`SQLITE_FULL` or `ENOSPC`); the transaction was rolled back.
    case diskFull(path: String)
    /// The database was written by a newer savvy whose schema this build does not know.
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// A data directory (database or recordings folder) could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// No data directory can be derived from the environment.
    case noDataDirectory
    /// `--db` names something that cannot be a database file.
    case invalidDatabasePath(path: String, reason: String)
    /// An audio file could not be read or copied into the recordings folder.
    case cannotStoreRecording(source: String, reason: String)
    /// A stored recording exists but cannot be read.
    case cannotReadRecording(path: String, reason: String)
    /// A stored session's recording is no longer in the recordings folder.
    case recordingMissing(path: String)
    /// A stored session's recording no longer has the SHA-256 recorded with the session.
    case recordingChanged(path: String, expected: String, found: String)
    /// A session was deleted but its recording could not be removed afterwards.
    case cannotRemoveRecording(path: String, reason: String)
    /// No session has this id.
    case sessionNotFound(id: Int64)
    /// No interview has this id.
    case interviewNotFound(id: Int64)
    /// Any other SQLite failure; `code` is the extended result code.
    case sqlite(path: String, code: Int32, message: String, action: String)
}

extension StoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .locked(let path):
            return "database '\(path)' is locked: another savvy is writing to it; try again in a moment"
        case .corrupt(let path, let detail):
            return "'\(path)' is not a savvy database or is damaged (\(detail)); move it aside and run again"
        case .readOnly(let path):
            return "cannot write '\(path)': read-only file system or permission denied; "
                + "fix the permissions or set SAVVY_HOME to a writable directory"
        case .cannotOpen(let path, let reason):
            return "cannot open database '\(path)': \(reason); check the path or set SAVVY_HOME to a writable directory"
        case .diskFull(let path):
            return "disk full while writing '\(path)'; free space and retry — nothing was saved"
        case .schemaTooNew(let path, let found, let supported):
            return "'\(path)' has schema version \(found) but this savvy knows only up to \(supported); "
                + "upgrade savvy or pass --db with another file"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create data directory '\(path)': \(reason); set SAVVY_HOME to a writable directory"
        case .noDataDirectory:
            return "cannot find a data directory: neither SAVVY_HOME, XDG_DATA_HOME nor HOME is set; "
                + "set SAVVY_HOME or pass --db"
        case .invalidDatabasePath(let path, let reason):
            return "cannot use '\(path)' as the database: \(reason); pass --db with a file path"
        case .cannotStoreRecording(let source, let reason):
            return "cannot store recording '\(source)': \(reason); nothing was saved"
        case .cannotReadRecording(let path, let reason):
            return "cannot read recording '\(path)': \(reason); check its permissions"
        case .recordingMissing(let path):
            return "recording '\(path)' is missing; restore it from a backup or delete the session"
        case .recordingChanged(let path, let expected, let found):
            return "recording '\(path)' has changed since it was scored (sha256 \(found.prefix(12))…, "
                + "expected \(expected.prefix(12))…); restore the original file"
        case .cannotRemoveRecording(let path, let reason):
            return "the session was deleted but its recording '\(path)' could not be removed (\(reason)); delete it by hand"
        case .sessionNotFound(let id):
            return "no session with id \(id); run 'savvy history' to list sessions"
        case .interviewNotFound(let id):
            return "no interview with id \(id); list them with 'savvy history --interviews'"
        case .sqlite(let path, let code, let message, let action):
            return "sqlite error while \(action) in '\(path)' (\(StoreError.codeName(code)): \(message)); "
                + "run 'savvy doctor'"
        }
    }
}

extension StoreError {
    /// Maps an SQLite extended result code to the case the user can act on.
    ///
    /// The primary code is the low byte of the extended code (sqlite.org/rescode.html).
    static func from(code: Int32, message: String, path: String, action: String) -> StoreError {
        switch code & 0xFF {
        case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
            return .locked(path: path)
        case 11, 26:  // SQLITE_CORRUPT, SQLITE_NOTADB
            return .corrupt(path: path, detail: codeName(code))
        case 8, 3:  // SQLITE_READONLY, SQLITE_PERM
            return .readOnly(path: path)
        case 13:  // SQLITE_FULL
            return .diskFull(path: path)
        case 14:  // SQLITE_CANTOPEN
            return .cannotOpen(path: path, reason: message)
        default:
            return .sqlite(path: path, code: code, message: message, action: action)
        }
    }

    /// The symbolic name of an SQLite result code, so messages say `SQLITE_NOTADB` rather than 26.
    static func codeName(_ code: Int32) -> String {
        let names: [Int32: String] = [
            1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
            5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY",
            9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND",
            13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 17: "SQLITE_SCHEMA",
            18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH", 21: "SQLITE_MISUSE",
            22: "SQLITE_NOLFS", 23: "SQLITE_AUTH", 25: "SQLITE_RANGE", 26: "SQLITE_NOTADB",
        ]
        let primary = code & 0xFF
        let name = names[primary] ?? "SQLITE_\(primary)"
        return primary == code ? name : "\(name), extended code \(code)"
    }
}
