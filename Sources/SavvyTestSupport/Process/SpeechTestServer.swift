import Foundation

/// `scripts/speech-test-server.py` running on 127.0.0.1: an OpenAI-compatible
/// `/v1/audio/speech` endpoint that answers with real espeak-ng speech (or, with `mode`, a
/// fault), and logs every request so a test can check what savvy sent.
///
/// The server exits when its standard input closes, which `stop()` (or this object's end) does,
/// so it never outlives the test.
public final class SpeechTestServer: @unchecked Sendable {
    /// `http://127.0.0.1:PORT/v1`.
    public let baseURL: String
    /// The JSON-lines request log.
    public let logPath: String
    private let process = Process()
    private let input = Pipe()

    /// Starts the server and waits (at most 20 s) for its `listening` line.
    /// - Parameter mode: `ok`, `status:CODE`, `garbage`, `empty` or `slow:SECONDS`.
    public init(mode: String = "ok", in folder: TemporaryDirectory) throws {
        logPath = folder.path("speech-requests-\(UUID().uuidString).jsonl")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [PackagePaths.root.appendingPathComponent("scripts/speech-test-server.py").path,
                             "--log", logPath, "--mode", mode]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("\n"), Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        guard line.hasPrefix("listening http://127.0.0.1:") else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "speech test server did not start: '\(text)'"])
        }
        baseURL = String(line.dropFirst("listening ".count))
    }

    /// Every request received so far, parsed: `path`, `headers` (lower-cased names), `body`.
    public func requests() throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
    }

    public func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit { stop() }
}
