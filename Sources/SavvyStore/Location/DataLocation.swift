@preconcurrency import Glibc
import Foundation
import SavvyFileSystem

/// Where savvy keeps its database and recordings.
///
/// Resolution, first match wins:
/// 1. `--db PATH`: that database file; recordings go in `recordings/` beside it.
/// 2. `SAVVY_HOME`: a directory holding `savvy.db` and `recordings/`.
/// 3. `$XDG_DATA_HOME/savvy`, or `$HOME/.local/share/savvy` when `XDG_DATA_HOME` is unset,
///    empty or relative (the XDG Base Directory spec says relative values must be ignored).
///
/// The environment is a parameter rather than `ProcessInfo` so tests and the CLI decide it.
public struct DataLocation: Sendable, Equatable {
    /// The SQLite database file.
    public let databaseURL: URL
    /// The directory audio recordings are copied into.
    public let recordingsURL: URL

    /// The file name of the database inside a data directory.
    public static let databaseFileName = "savvy.db"
    /// The name of the recordings directory beside the database.
    public static let recordingsDirectoryName = "recordings"

    /// A location with the database at `databaseURL` and recordings in `recordings/` beside it.
    public init(databaseURL: URL) {
        self.databaseURL = databaseURL.standardizedFileURL
        self.recordingsURL = self.databaseURL.deletingLastPathComponent()
            .appendingPathComponent(DataLocation.recordingsDirectoryName, isDirectory: true)
    }

    /// A location for the data directory `directory` (`<directory>/savvy.db`, `<directory>/recordings`).
    public init(directory: URL) {
        self.init(databaseURL: directory.appendingPathComponent(DataLocation.databaseFileName))
    }

    /// Resolves the location from `--db` (if given) and the environment; touches no files.
    ///
    /// - Parameters:
    ///   - databasePath: the `--db` value; a relative path is taken from the current directory.
    ///   - environment: the process environment (`SAVVY_HOME`, `XDG_DATA_HOME`, `HOME`).
    /// - Throws: `StoreError.noDataDirectory` when nothing names a directory;
    ///   `StoreError.invalidDatabasePath` for an empty or directory-like `--db` value.
    public static func resolve(databasePath: String?, environment: [String: String]) throws -> DataLocation {
        if let databasePath {
            if databasePath.isEmpty || databasePath.hasSuffix("/") {
                throw StoreError.invalidDatabasePath(path: databasePath, reason: "it names a directory, not a file")
            }
            return DataLocation(databaseURL: URL(fileURLWithPath: databasePath))
        }
        if let home = environment["SAVVY_HOME"], !home.isEmpty {
            return DataLocation(directory: URL(fileURLWithPath: home, isDirectory: true))
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return DataLocation(directory: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("savvy"))
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            let share = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/savvy")
            return DataLocation(directory: share)
        }
        throw StoreError.noDataDirectory
    }

    /// Creates the database's directory and the recordings directory if they are missing.
    ///
    /// - Throws: `StoreError.cannotCreateDirectory` naming the directory and the reason, or
    ///   `StoreError.invalidDatabasePath` when `--db` names an existing directory.
    public func createDirectories() throws {
        var info = stat()
        if RawPath.withCString(databaseURL.path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw StoreError.invalidDatabasePath(path: databaseURL.path, reason: "it is a directory")
        }
        try DataLocation.makeDirectory(databaseURL.deletingLastPathComponent().path)
        try DataLocation.makeDirectory(recordingsURL.path)
    }

    /// `mkdir -p` with POSIX calls, so the error names the errno rather than a Foundation domain,
    /// and always names the directory that was asked for.
    private static func makeDirectory(_ path: String) throws {
        if let reason = createDirectoryChain(path) {
            throw StoreError.cannotCreateDirectory(path: path, reason: reason)
        }
    }

    /// Creates `path` and any missing parents; returns why it failed, or nil.
    private static func createDirectoryChain(_ path: String) -> String? {
        var info = stat()
        if RawPath.withCString(path, { stat($0, &info) }) == 0 {
            return info.st_mode & S_IFMT == S_IFDIR ? nil : "'\(path)' is a file, not a directory"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let reason = createDirectoryChain(parent) {
            return reason
        }
        if RawPath.withCString(path, { mkdir($0, 0o755) }) != 0, errno != EEXIST {
            return describe(errno: errno)
        }
        return nil
    }

    /// A short lower-case reason for a file-system errno.
    public static func describe(errno code: Int32) -> String {
        SystemErrorText.describe(errno: code)
    }
}
