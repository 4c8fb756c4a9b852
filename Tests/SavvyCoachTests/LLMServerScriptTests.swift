import Foundation
import XCTest

/// Issue 10 item 17: `scripts/llm-server.sh` finds the venv and model where `make venv` puts
/// them (`${XDG_DATA_HOME:-$HOME/.local/share}/savvy/venv`, `models/` inside it) and says what is
/// missing in one line. Serving a real model through the script, and its `/v1` URL line, is
/// `RealLocalModelTests`.
final class LLMServerScriptTests: XCTestCase {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/llm-server.sh").path

    private func run(environment: [String: String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.script]
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testIssue10_17_scriptLooksWhereMakeVenvInstalls() throws {
        let root = Fixtures.temporaryDirectory(self).path
        // A venv whose python is the system's, but with no model unpacked yet.
        let venv = root + "/data/savvy/venv"
        try FileManager.default.createDirectory(atPath: venv + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: venv + "/bin/python", withDestinationPath: "/usr/bin/python3")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        // (id, environment, expected stderr fragment)
        let cases: [(String, [String: String], String)] = [
            ("S1 default venv from HOME", ["PATH": path, "HOME": root + "/home"],
             "no python in venv '\(root)/home/.local/share/savvy/venv'; run 'make venv'"),
            ("S2 default venv from XDG_DATA_HOME", ["PATH": path, "HOME": root + "/home", "XDG_DATA_HOME": root + "/xdg"],
             "no python in venv '\(root)/xdg/savvy/venv'"),
            ("S3 default model inside the venv", ["PATH": path, "HOME": root + "/home", "XDG_DATA_HOME": root + "/data"],
             "model file '\(venv)/models/SmolLM2-135M-Instruct.Q4_1.gguf' not found; run 'make venv'"),
            ("S4 SAVVY_VENV wins", ["PATH": path, "SAVVY_VENV": venv, "SAVVY_LLM_MODEL": root + "/none.gguf"],
             "model file '\(root)/none.gguf' not found"),
        ]
        for (id, environment, fragment) in cases {
            let result = try run(environment: environment)
            XCTAssertEqual(result.status, 2, id)
            XCTAssertTrue(result.stderr.contains(fragment), "\(id): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(id): one line")
        }
    }
}
