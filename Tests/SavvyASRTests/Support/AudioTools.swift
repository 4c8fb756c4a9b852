import Foundation
import XCTest

/// Audio for the engine tests, made with the same command-line tools the Makefile installs
/// (espeak-ng, sox), so no binary fixture is committed and no shared folder is read.
enum AudioTools {
    struct ToolFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Per-test temporary directory, removed by the caller's `addTeardownBlock`.
    static func makeTemporaryDirectory(_ testCase: XCTestCase) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("savvy-asr-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Full path of an executable on PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a tool and returns its stdout; throws with its stderr when it fails.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        guard let executable = which(tool) else { throw ToolFailure(description: "\(tool) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a chatty tool cannot block on a full pipe.
        let errReader = Thread { _ = err.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(tool) exited with \(process.terminationStatus)")
        }
        return data
    }

    /// Decodes any audio file sox can read to 16 kHz mono Float32.
    static func load16k(_ path: String) throws -> [Float] {
        let data = try run("sox", [path, "-t", "raw", "-r", "16000", "-c", "1", "-e", "floating-point", "-b", "32", "-L", "-"])
        return data.withUnsafeBytes { raw in Array(raw.bindMemory(to: Float.self)) }
    }

    /// Speaks `text` with espeak-ng (voice en-us, `wordsPerMinute`) and returns 16 kHz samples.
    /// Leading and trailing silence of `padSeconds` is added so the engines see a clean start/end.
    static func speak(_ text: String, in dir: URL, name: String = "clip", wordsPerMinute: Int = 150, padSeconds: Double = 0.5) throws -> [Float] {
        let wav = dir.appendingPathComponent("\(name).wav").path
        try run("espeak-ng", ["-v", "en-us", "-s", String(wordsPerMinute), "-w", wav, text])
        let samples = try load16k(wav)
        let pad = [Float](repeating: 0, count: Int(padSeconds * 16_000))
        return pad + samples + pad
    }
}
