import Foundation
import SavvyAudio
import SavvyTestSupport
import XCTest

/// Issue 13 item 1: recordings are analysed block by block and recognised in windows; the
/// output must not depend on the block length (`SAVVY_ANALYSIS_BLOCK_SECONDS`), byte for byte.
final class BoundedMemoryTests: XCTestCase {
    /// The committed spoken fixtures, end to end with 0.7 s of silence between them, repeated
    /// until `seconds` and cut there: real speech, pauses, noise and a change of voice.
    static func concatenatedFixtures(seconds: Double, to path: String,
                                     names: [String] = ["star-answer.wav", "quiet-noisy.wav", "star-natural.wav", "fillers.wav",
                                                        "unrecognised.wav", "star-no-result.wav", "symbols.wav"]) throws {
        let pieces = try names.map { try AudioFile.load(path: PackagePaths.fixture($0)).samples }
        let total = Int(seconds * 16_000)
        let gap = [Float](repeating: 0, count: 11_200)
        var samples: [Float] = []
        samples.reserveCapacity(total + 1_000_000)
        var next = 0
        while samples.count < total {
            samples += pieces[next % pieces.count] + gap
            next += 1
        }
        let writer = try WAVWriter(path: path)
        try writer.append(Array(samples[0..<total]))
        try writer.finish()
    }

    func testIssue13_analyzeJSONIsByteIdenticalAcrossBlockLengthsOnTenMinutes() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("ten-minutes.wav")
        try Self.concatenatedFixtures(seconds: 600, to: file)
        var outputs: [String: String] = [:]
        for blocks in ["whole", "1", "7.3"] {
            let run = try BinaryRun.savvy(["analyze", file, "--json", "--frames"],
                                          environment: ["SAVVY_ANALYSIS_BLOCK_SECONDS": blocks])
            XCTAssertEqual(run.exitCode, 0, run.stderr)
            XCTAssertEqual(run.stderr, "")
            outputs[blocks] = run.stdout
        }
        let whole = try XCTUnwrap(outputs["whole"])
        XCTAssertTrue(whole.contains("\"durationSeconds\" : 600"), String(whole.prefix(400)))
        XCTAssertEqual(outputs["1"], whole, "1 s blocks")
        XCTAssertEqual(outputs["7.3"], whole, "7.3 s blocks")
    }

    /// `score --json --no-save` with pocketsphinx: the same bytes at any block length, with the
    /// recording recognised in windows (25 s here, to keep the test short) whose words land on
    /// the recording's clock.
    func testIssue13_scoreJSONIsByteIdenticalAcrossBlockLengthsWithWindowedRecognition() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("long-answer.wav")
        // clear answers only: word-less stretches would each be decoded again, which is slow
        try Self.concatenatedFixtures(seconds: 60, to: file, names: ["star-answer.wav", "star-natural.wav"])
        var outputs: [String] = []
        for blocks in ["whole", "7.3"] {
            let run = try BinaryRun.savvy(
                ["score", file, "--json", "--no-save", "--asr", "pocketsphinx", "--coach", "heuristic"],
                environment: ["SAVVY_ANALYSIS_BLOCK_SECONDS": blocks, "SAVVY_ASR_WINDOW_SECONDS": "25",
                              "SAVVY_HOME": folder.path("home")])
            XCTAssertEqual(run.exitCode, 0, run.stderr)
            outputs.append(run.stdout)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outputs[0].utf8)) as? [String: Any])
        let transcript = try XCTUnwrap(document["transcript"] as? [String: Any])
        let words = try XCTUnwrap(transcript["words"] as? [[String: Any]])
        let starts = words.compactMap { $0["start"] as? Double }
        XCTAssertEqual(starts.count, words.count)
        XCTAssertEqual(starts, starts.sorted(), "word times run forwards across windows")
        // words in each of the (at least three) windows, and none past the end
        XCTAssertTrue(starts.contains { $0 < 20 })
        XCTAssertTrue(starts.contains { $0 > 27 && $0 < 45 })
        XCTAssertTrue(starts.contains { $0 > 52 })
        XCTAssertLessThan(starts.last ?? 0, 60)
    }

    func testIssue13_badBlockAndWindowSettingsAreRefused() throws {
        let cases: [(id: String, variable: String, value: String)] = [
            ("zero block", "SAVVY_ANALYSIS_BLOCK_SECONDS", "0"),
            ("word block", "SAVVY_ANALYSIS_BLOCK_SECONDS", "fast"),
            ("short window", "SAVVY_ASR_WINDOW_SECONDS", "0.5"),
        ]
        for c in cases {
            let args = c.variable == "SAVVY_ASR_WINDOW_SECONDS"
                ? ["score", PackagePaths.fixture("fillers.wav"), "--json", "--no-save", "--asr", "pocketsphinx"]
                : ["analyze", PackagePaths.fixture("fillers.wav")]
            let folder = try TemporaryDirectory()
            let run = try BinaryRun.savvy(args, environment: [c.variable: c.value, "SAVVY_HOME": folder.path])
            XCTAssertEqual(run.exitCode, 1, c.id)
            XCTAssertEqual(run.stdout, "", c.id)
            XCTAssertTrue(run.stderr.hasPrefix("savvy: error: invalid \(c.variable)='\(c.value)'"), "\(c.id): \(run.stderr)")
        }
    }
}
