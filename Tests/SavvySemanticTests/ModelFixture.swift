import Foundation
import SavvySemantic
import XCTest

/// The installed sentence model, loaded once for all tests that need it.
///
/// Tests that need the real model skip (with the reason) only when it is not installed; CI
/// installs it through `make test` → `make venv`, so there they run.
enum ModelFixture {
    private static let loaded: Result<SentenceEncoder, any Error>? = {
        guard let directory = SentenceEncoder.locate(environment: ProcessInfo.processInfo.environment) else { return nil }
        return Result { try SentenceEncoder(modelDirectory: directory) }
    }()

    /// The shared encoder, or an `XCTSkip` naming where the model was looked for.
    static func encoder() throws -> SentenceEncoder {
        guard let loaded else { throw skip() }
        return try loaded.get()
    }

    /// The model directory, or an `XCTSkip`.
    static func directory() throws -> URL {
        guard let directory = SentenceEncoder.locate(environment: ProcessInfo.processInfo.environment) else { throw skip() }
        return directory
    }

    private static func skip() -> XCTSkip {
        let place = SentenceEncoder.modelDirectory(environment: ProcessInfo.processInfo.environment).path
        return XCTSkip("sentence model not installed at \(place): run 'make venv' or set SAVVY_SEMANTIC_MODEL")
    }

    /// A committed golden in Tests/SavvySemanticTests/Goldens.
    static func golden(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name)")
        return try Data(contentsOf: url)
    }
}
