import Foundation
import XCTest

/// llama.cpp's server (xllamacpp wheel) with SmolLM2-135M on 127.0.0.1, started by
/// `scripts/llm-server.sh` and stopped by `stop()` — the real local tier for tests.
///
/// The script runs with `SAVVY_LLM_EXIT_ON_EOF=1` and one thread: closing its stdin stops it, so
/// a test process that dies takes the server with it.
final class LocalLLMServer {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var baseURL = ""

    /// The venv and model the real-model tests use: `SAVVY_VENV` (default `<repo>/.venv`) with
    /// xllamacpp, and `SAVVY_LLM_MODEL` (default the SmolLM2 GGUF `make venv` unpacks).
    /// - Throws: `XCTSkip` naming what is missing.
    static func installation() throws -> (venv: String, model: String) {
        let environment = ProcessInfo.processInfo.environment
        let venv = environment["SAVVY_VENV"] ?? repository.appendingPathComponent(".venv").path
        let model = environment["SAVVY_LLM_MODEL"] ?? "\(venv)/models/SmolLM2-135M-Instruct.Q4_1.gguf"
        guard FileManager.default.isExecutableFile(atPath: "\(venv)/bin/python") else {
            throw XCTSkip("real-model test skipped: no venv at \(venv) (set SAVVY_VENV; 'make venv' installs xllamacpp)")
        }
        guard FileManager.default.fileExists(atPath: model) else {
            throw XCTSkip("real-model test skipped: no model at \(model) (set SAVVY_LLM_MODEL; 'make venv' unpacks it)")
        }
        return (venv, model)
    }

    /// - Parameter model: nil runs the script as the README says, with no argument: it finds
    ///   the model where `make venv` puts it.
    init(venv: String, model: String?, log: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.repository.appendingPathComponent("scripts/llm-server.sh").path] + (model.map { [$0] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["SAVVY_VENV"] = venv
        environment["SAVVY_LLM_MODEL"] = nil
        environment["SAVVY_LLM_EXIT_ON_EOF"] = "1"
        environment["SAVVY_LLM_THREADS"] = "1"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
    }

    /// Waits (at most `timeout` s) for the script's "listening URL" line.
    func waitUntilListening(timeout: Double) -> Bool {
        let reader = output.fileHandleForReading
        let done = DispatchSemaphore(value: 0)
        let box = LineBox()
        Thread {
            var text = ""
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            box.set(text)
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + timeout) == .success else { return false }
        let line = box.get().split(separator: "\n").first.map(String.init) ?? ""
        guard line.hasPrefix("listening http://127.0.0.1:"), line.hasSuffix("/v1") else { return false }
        baseURL = String(line.dropFirst("listening ".count))
        return true
    }

    /// Stops the server; a server that has not exited 10 s after EOF and SIGTERM is killed, so a
    /// shutdown bug fails the test's own checks instead of hanging the whole suite.
    func stop() {
        try? input.fileHandleForWriting.close()  // EOF on stdin stops the server
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("the llama.cpp server did not stop within 10 s of EOF and SIGTERM; killed")
        }
        process.waitUntilExit()
    }

    private final class LineBox: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func set(_ value: String) { lock.lock(); text = value; lock.unlock() }
        func get() -> String { lock.lock(); defer { lock.unlock() }; return text }
    }
}
