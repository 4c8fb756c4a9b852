import Foundation

/// The result of running the built `savvy` binary: stdout, stderr and exit code kept apart.
public struct BinaryRun: Sendable {
    public let stdout: String
    public let stderr: String
    public let exitCode: Int32

    /// Runs `savvy` with `arguments`, the given extra environment, optional standard input, and
    /// in `directory` (default: the test's own working folder).
    ///
    /// The environment starts from a minimal one (PATH, HOME, the venv location) so a developer's
    /// own settings, such as NO_COLOR or an API key, cannot change a test's outcome.
    public static func savvy(_ arguments: [String], environment: [String: String] = [:],
                             stdin: Data? = nil, binary: String = PackagePaths.savvyBinary,
                             directory: String? = nil) throws -> BinaryRun {
        let process = Process()
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = minimalEnvironment(merging: environment)
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let (outData, errData) = PipeDrain.collect(process, stdout: out, stderr: err)
        return BinaryRun(stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self),
                         exitCode: process.terminationStatus)
    }

    /// PATH, HOME, the venv location and TMPDIR from the test's own environment, then `extra`.
    static func minimalEnvironment(merging extra: [String: String]) -> [String: String] {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        for key in ["HOME", "SAVVY_VENV", "TMPDIR"] {
            if let value = ProcessInfo.processInfo.environment[key] { environment[key] = value }
        }
        environment.merge(extra) { _, new in new }
        return environment
    }
}
