import SavvyASR
import XCTest

final class TranscriptionErrorTests: XCTestCase {
    func testMessages() {
        let cases: [(id: String, error: TranscriptionError, message: String)] = [
            ("rate", .unsupportedSampleRate(engine: "whisper", got: 8_000, expected: 16_000),
             "whisper needs 16000 Hz audio but got 8000 Hz; resample the samples before transcribing"),
            ("empty", .emptyAudio(engine: "pocketsphinx"), "pocketsphinx got no audio samples; record or pass a file that contains sound"),
            ("decoder", .decoderFailed(step: "ps_init", code: -1),
             "pocketsphinx failed in ps_init (code -1); check the model files with 'savvy doctor' or use --asr whisper"),
            ("crash-no-status", .workerCrashed(status: nil, detail: ""),
             "the whisper worker exited; run 'make venv' again or use --asr pocketsphinx"),
            ("crash", .workerCrashed(status: 1, detail: "MemoryError"),
             "the whisper worker exited with status 1 (MemoryError); run 'make venv' again or use --asr pocketsphinx"),
            ("timeout", .workerTimeout(seconds: 64.4),
             "the whisper worker did not answer within 64 s; try a shorter recording or use --asr pocketsphinx"),
            ("temp", .temporaryFile(path: "/tmp/x", reason: "no space"), "cannot write temporary file '/tmp/x' (no space); check free space and TMPDIR"),
        ]
        for testCase in cases {
            XCTAssertEqual(testCase.error.errorDescription, testCase.message, "case \(testCase.id)")
            let message = testCase.message
            XCTAssertEqual(message.first.map { String($0) }, message.first.map { String($0).lowercased() }, "case \(testCase.id) starts lower-case")
            XCTAssertFalse(message.contains("\n"), "case \(testCase.id) is one line")
        }
    }
}
