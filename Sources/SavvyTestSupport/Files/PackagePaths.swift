import Foundation

/// Paths inside the package checkout, found from this file's location so tests work from any
/// working directory.
public enum PackagePaths {
    /// The package root (the folder holding Package.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Files
        .deletingLastPathComponent()  // SavvyTestSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// A committed fixture in Fixtures.
    public static func fixture(_ name: String) -> String {
        root.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The `savvy` binary built by `swift build` for this configuration.
    public static var savvyBinary: String {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        return root.appendingPathComponent(".build/\(configuration)/savvy").path
    }
}
