import Foundation
import XCTest
@testable import SavvyDSP

/// Filled-pause detection on constructed tracks with exact truth.
final class FilledPauseDetectorTests: XCTestCase {
    /// Builds 10 ms tracks from segments: (seconds, f0 start, f0 end or nil for silence, dB).
    private func tracks(_ segments: [(Double, Double?, Double?, Double)]) -> FrameTracks {
        var f0: [Double?] = [], db: [Double] = [], active: [Bool] = []
        for (seconds, a, b, level) in segments {
            let n = Int((seconds * 100).rounded())
            for k in 0..<n {
                if let a, let b {
                    // Glide log-linearly from a to b, with a ±0.5 dB ripple like real speech.
                    f0.append(a * pow(b / a, Double(k) / Double(max(1, n - 1))))
                    db.append(level + (k % 2 == 0 ? 0.5 : -0.5))
                    active.append(true)
                } else {
                    f0.append(nil)
                    db.append(-70)
                    active.append(false)
                }
            }
        }
        return FrameTracks(sampleRate: 16000, hop: 160, frameLength: 400, f0: f0, rmsDB: db,
                           active: active, cpps: Array(repeating: nil, count: f0.count))
    }

    func testFindsFlatHeldVowelBetweenPauses() throws {
        // Syllables that move in pitch, a pause, a flat 450 ms "um", a pause, more syllables.
        let t = tracks([(0.3, nil, nil, 0), (0.18, 140, 175, -20), (0.08, nil, nil, 0), (0.2, 170, 120, -21),
                        (0.4, nil, nil, 0), (0.45, 118, 116, -24), (0.35, nil, nil, 0), (0.2, 150, 190, -20),
                        (0.3, nil, nil, 0)])
        let hits = try FilledPauseDetector().detect(in: t)
        XCTAssertEqual(hits.count, 1)
        let hit = try XCTUnwrap(hits.first)
        XCTAssertEqual(hit.span.start, 1.16, accuracy: 0.02)
        XCTAssertEqual(hit.span.end, 1.61, accuracy: 0.02)
        XCTAssertEqual(hit.medianHz, 117, accuracy: 1.5)
        XCTAssertGreaterThan(hit.confidence, 0.6)
    }

    func testRejectsMovingPitchShortVowelsAndLongNotes() throws {
        let t = tracks([(0.2, nil, nil, 0), (0.5, 120, 180, -20),   // 7 st glide: intonation, not a hesitation
                        (0.2, nil, nil, 0), (0.12, 130, 131, -20),  // too short: an ordinary vowel
                        (0.2, nil, nil, 0), (1.6, 200, 201, -20),   // too long: a held note
                        (0.2, nil, nil, 0)])
        XCTAssertEqual(try FilledPauseDetector().detect(in: t), [])
    }

    func testSkipsSegmentsInsideRecognisedWords() throws {
        let t = tracks([(0.3, nil, nil, 0), (0.4, 120, 119, -20), (0.3, nil, nil, 0)])
        let detector = try FilledPauseDetector()
        XCTAssertEqual(detector.detect(in: t).count, 1)
        XCTAssertEqual(detector.detect(in: t, excluding: [TimeSpan(start: 0.28, end: 0.72)]).count, 0)
    }

    func testRejectsInvalidConfiguration() {
        var c = FilledPauseDetector.Configuration()
        c.maxDuration = 0.1
        XCTAssertThrowsError(try FilledPauseDetector(configuration: c)) { error in
            XCTAssertTrue((error as? DSPError)?.errorDescription?.contains("min < max") ?? false)
        }
    }
}
