import Foundation
import SavvyASR
@testable import SavvyCoach
import SavvyDSP
import XCTest

/// A hand-made session with exact times: overlapping and zero-length ASR words, a word past the
/// end of the recording, a quoted word, lexicon and acoustic fillers, and VAD pauses.
enum ExportFixtures {
    static let duration = 14.0

    static var transcript: Transcript {
        var words: [TranscriptWord] = [
            word("so", 0.50, 0.80), word("um", 0.80, 1.10), word("i", 1.40, 1.70),
            word("led", 1.65, 2.00),  // overlaps "i" by 50 ms
            word("the", 2.00, 2.00),  // zero length: joins "led"
            word("team", 2.10, 2.50), word("you", 3.80, 4.10), word("know", 4.10, 4.30),
            word("\"hi\"", 4.40, 4.90), word("basically", 5.00, 5.60),
        ]
        for k in 0..<14 {
            words.append(word("w\(k + 1)", 6.0 + 0.5 * Double(k), 6.45 + 0.5 * Double(k)))
        }
        words.append(word("end", 13.90, 14.30))  // runs past the recording
        return Transcript(words: words, engine: "pocketsphinx", model: "en-us")
    }

    static var metrics: SpeechMetrics {
        metrics(fillers: [
            FillerHit(start: 0.80, end: 1.10, text: "um", source: .lexicon, confidence: 0.9),
            FillerHit(start: 2.90, end: 3.30, text: "", source: .acoustic, confidence: 0.7),
            FillerHit(start: 3.80, end: 4.30, text: "you know", source: .lexicon, confidence: 0.8),
        ], pauses: [
            Pause(start: 2.55, end: 3.80, kind: .long),
            Pause(start: 5.60, end: 5.95, kind: .normal),
        ])
    }

    static func word(_ text: String, _ start: Double, _ end: Double) -> TranscriptWord {
        TranscriptWord(text: text, start: start, end: end, confidence: 0.9)
    }

    static func metrics(fillers: [FillerHit], pauses: [Pause]) -> SpeechMetrics {
        SpeechMetrics(
            metricsVersion: SpeechMetrics.currentVersion, deliveryVersion: 1, lexiconVersion: "test",
            durationSeconds: duration,
            pace: .init(wordCount: 20, speakingSeconds: 13.5, wpm: 88.9, articulationRate: nil, rolling: [],
                        outOfBand: []),
            fillers: .init(count: fillers.count, perMinute: 0, lexiconCount: 0, acousticCount: 0, items: fillers,
                           clusters: []),
            pauses: .init(count: pauses.count, normal: 0, long: 0, stalls: 0, totalSeconds: 0, meanSeconds: nil,
                          longestSeconds: nil, items: pauses),
            longestRunSeconds: 0, pitch: nil, loudness: nil, voice: nil, speechRatio: 0,
            quality: RecordingQuality(noiseFloorDB: -60, speechLevelDB: nil, snrDB: nil, clippingRatio: 0, warnings: []),
            pronunciation: nil, watchWords: [])
    }

    /// Goldens live in `Tests/SavvyCLITests/Goldens`; `SAVVY_RECORD_GOLDENS=1` rewrites them.
    static func checkGolden(_ name: String, _ actual: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Goldens/\(name)")
        if ProcessInfo.processInfo.environment["SAVVY_RECORD_GOLDENS"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(actual, expected, "golden \(name) differs (re-record with SAVVY_RECORD_GOLDENS=1 if intended)",
                       file: file, line: line)
    }
}

/// SplitMix64: a tiny seeded generator so property tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
