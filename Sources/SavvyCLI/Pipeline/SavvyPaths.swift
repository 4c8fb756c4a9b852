import Foundation
import SavvyStore

/// Where savvy keeps its configuration and data for one invocation.
///
/// `--db PATH` and `SAVVY_HOME` override both the data and the configuration folder (tests use
/// them); otherwise data is under `$XDG_DATA_HOME/savvy` and configuration under
/// `$XDG_CONFIG_HOME/savvy` (`~/.local/share/savvy`, `~/.config/savvy`).
struct SavvyPaths {
    let configDirectory: URL

    init(arguments: ParsedArguments, environment: [String: String]) {
        if let db = arguments.value("db") {
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

    func config(_ name: String) -> URL { configDirectory.appendingPathComponent(name) }

    static func openStore(_ context: CommandContext) throws -> SessionStore {
        let location = try DataLocation.resolve(databasePath: context.arguments.value("db"), environment: context.environment)
        return try SessionStore(location: location)
    }

    /// The store if its database exists, else nil: commands that only read (`history`, `show`)
    /// create no database and no folders.
    static func openExistingStore(_ context: CommandContext) throws -> SessionStore? {
        let location = try DataLocation.resolve(databasePath: context.arguments.value("db"), environment: context.environment)
        return try SessionStore.existing(location: location)
    }
}
