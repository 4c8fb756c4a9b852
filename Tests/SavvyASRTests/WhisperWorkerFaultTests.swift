import Foundation
import SavvyASR
import XCTest

/// Protocol faults of the worker, provoked with fake interpreters (shell scripts standing in for
/// `python3`). The real worker is exercised by `EngineContractTests`.
final class WhisperWorkerFaultTests: XCTestCase {
    /// A venv whose `bin/python3` is `script`, and a model directory holding an empty `model.bin`.
    func fakeInstall(_ script: String) throws -> WhisperConfiguration {
        let dir = try AudioTools.makeTemporaryDirectory(self)
        let bin = dir.appendingPathComponent("venv/bin")
        let model = dir.appendingPathComponent("model")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        try Data().write(to: model.appendingPathComponent("model.bin"))
        let python = bin.appendingPathComponent("python3")
        try ("#!/bin/sh\n" + script + "\n").write(to: python, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python.path)
        return WhisperConfiguration(
            venvDirectory: dir.appendingPathComponent("venv").path, modelDirectory: model.path,
            loadTimeout: 2, minimumTimeout: 1, timeoutPerAudioSecond: 0
        )
    }

    func testFaults() throws {
        let cases: [(id: String, script: String, error: TranscriptionError)] = [
            ("crash-at-start", "echo 'ModuleNotFoundError: faster_whisper' >&2; exit 3",
             .workerCrashed(status: 3, detail: "ModuleNotFoundError: faster_whisper")),
            ("not-ready", "echo '{\"ready\": false, \"error\": \"RuntimeError: bad model\"}'; cat >/dev/null",
             .workerReported(detail: "RuntimeError: bad model")),
            ("garbage", "echo 'hello there'; cat >/dev/null", .workerProtocol(detail: "a line that is not a JSON object")),
            ("hangs-at-load", "exec sleep 30", .workerTimeout(seconds: 2)),
            ("dies-on-request", "echo '{\"ready\": true}'; read line; echo 'Killed' >&2; exit 9",
             .workerCrashed(status: 9, detail: "Killed")),
            ("hangs-on-request", "echo '{\"ready\": true}'; exec sleep 30", .workerTimeout(seconds: 1)),
            ("wrong-reply", "echo '{\"ready\": true}'; read line; echo '{\"id\": 1}'; cat >/dev/null",
             .workerProtocol(detail: "no word list in the reply")),
        ]
        for testCase in cases {
            let transcriber = try WhisperTranscriber(configuration: fakeInstall(testCase.script))
            XCTAssertThrowsError(try transcriber.transcribe(samples: [0, 0.1, 0.2], sampleRate: 16_000), "case \(testCase.id)") {
                XCTAssertEqual($0 as? TranscriptionError, testCase.error, "case \(testCase.id)")
            }
        }
    }

    /// Issue 13: a score of one file stops the worker once recognition is done, so its memory is
    /// not held while pocketsphinx and the sentence encoder run; the next call starts a new one.
    /// The worker also starts with glibc's allocator bounded (one arena, large blocks mapped).
    func testIssue13_stoppedWorkerExitsAndTheNextCallStartsAnother() throws {
        let log = try AudioTools.makeTemporaryDirectory(self).appendingPathComponent("starts")
        let script = """
        echo "$$ ${MALLOC_ARENA_MAX:-unset} ${MALLOC_MMAP_THRESHOLD_:-unset}" >> '\(log.path)'
        echo '{"ready": true}'
        while read line; do
          id=$(echo "$line" | sed 's/.*"id":\\([0-9]*\\).*/\\1/')
          echo "{\\"id\\": $id, \\"words\\": []}"
        done
        """
        let transcriber = try WhisperTranscriber(configuration: fakeInstall(script))
        let samples = [Float](repeating: 0, count: 1600)
        func starts() throws -> [[String]] {
            try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        }
        _ = try transcriber.decode(samples: samples, sampleRate: 16_000, prompt: nil)
        _ = try transcriber.decode(samples: samples, sampleRate: 16_000, prompt: nil)
        XCTAssertEqual(try starts().count, 1, "one worker serves every call until it is stopped")
        let first = try XCTUnwrap(Int32(try starts()[0][0]))
        XCTAssertEqual(Array(try starts()[0].dropFirst()), ["1", "4194304"])

        transcriber.stopWorker()
        XCTAssertEqual(kill(first, 0), -1, "the stopped worker has exited")
        transcriber.stopWorker()
        XCTAssertEqual(try starts().count, 1, "stopping again starts nothing")

        _ = try transcriber.decode(samples: samples, sampleRate: 16_000, prompt: nil)
        XCTAssertEqual(try starts().count, 2, "the next call starts a new worker")
        XCTAssertNotEqual(try starts()[1][0], String(first))
    }

    func testFakeWorkerReplyBecomesTranscript() throws {
        let script = #"""
        echo '{"ready": true}'
        while read line; do
          id=$(echo "$line" | sed 's/.*"id":\([0-9]*\).*/\1/')
          case "$line" in
            *'"prompt":""'*) echo "{\"id\": $id, \"words\": [{\"text\": \" Hello,\", \"start\": 0.0, \"end\": 0.4, \"probability\": 0.75}], \"segments\": [{\"start\": 0.0, \"end\": 0.4, \"avg_logprob\": -0.25, \"compression_ratio\": 0.9, \"no_speech_prob\": 0.125}]}" ;;
            *) echo "{\"id\": $id, \"words\": [{\"text\": \" Um,\", \"start\": 0.0, \"end\": 0.2, \"probability\": 0.5}]}" ;;
          esac
        done
        """#
        let transcriber = try WhisperTranscriber(configuration: fakeInstall(script))
        let transcript = try transcriber.transcribe(samples: [Float](repeating: 0, count: 16_000), sampleRate: 16_000)
        // The unprompted decode gives the words, the prompted one the verbatim pass.
        XCTAssertEqual(transcript.words, [TranscriptWord(text: "hello", start: 0, end: 0.4, confidence: 0.75, display: "Hello,")])
        XCTAssertEqual(transcript.verbatimPass, [TranscriptWord(text: "um", start: 0, end: 0.2, confidence: 0.5, display: "Um,")])
        // Protocol 2: the unprompted decode's segment statistics come along.
        XCTAssertEqual(transcript.segments, [DecodeSegment(start: 0, end: 0.4, averageLogProbability: -0.25,
                                                           compressionRatio: 0.9, noSpeechProbability: 0.125)])
        XCTAssertEqual(transcript.engine, "whisper")
        XCTAssertEqual(transcript.model, "ct2:model-int8")
    }
}
