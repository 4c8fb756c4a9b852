import Foundation
import SavvyStore

/// Where savvy keeps its configuration and data for one invocation.
///
/// `--db PATH` and `SAVVY_HOME` override both the data and the configuration folder (tests use
/// them); otherwise data is under `$XDG_DATA_HOME/savvy` and configuration under
/// `$XDG_CONFIG_HOME/savvy` (`~/.local/share/savvy`, `~/.config/savvy`).
public struct SavvyPaths: Sendable {
    public let configDirectory: URL

    /// - Parameter databasePath: the `--db` value, if any.
    public init(databasePath: String?, environment: [String: String]) {
        if let db = databasePath {
            configDirectory = URL(fileURLWithPath: db).deletingLastPathComponent()
        } else if let home = environment["SAVVY_HOME"], !home.isEmpty {
            configDirectory = URL(fileURLWithPath: home, isDirectory: true)
        } else if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configDirectory = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("savvy")
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            configDirectory = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config/savvy")
        }
    }

    public func config(_ name: String) -> URL { configDirectory.appendingPathComponent(name) }

    /// Opens (creating if needed) the session store the same flags and variables point at.
    public static func openStore(databasePath: String?, environment: [String: String]) throws -> SessionStore {
        let location = try DataLocation.resolve(databasePath: databasePath, environment: environment)
        return try SessionStore(location: location)
    }

    /// The store if its database exists, else nil: commands that only read (`history`, `show`)
    /// create no database and no folders.
    public static func openExistingStore(databasePath: String?, environment: [String: String]) throws -> SessionStore? {
        let location = try DataLocation.resolve(databasePath: databasePath, environment: environment)
        return try SessionStore.existing(location: location)
    }
}
