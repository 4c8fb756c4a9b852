import Foundation
import SavvyTestSupport
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

    func testIssue9_FindsAHeldVowelGluedToTheWordBefore() throws {
        // "and-um": a gliding syllable runs straight into a flat vowel with no unvoiced frame
        // between them. The whole voiced run moves in pitch; the held part must still be found.
        let t = tracks([(0.3, nil, nil, 0), (0.15, 150, 125, -20), (0.35, 122, 121, -22), (0.3, nil, nil, 0)])
        let hits = try FilledPauseDetector().detect(in: t)
        XCTAssertEqual(hits.count, 1)
        let hit = try XCTUnwrap(hits.first)
        XCTAssertEqual(hit.span.start, 0.45, accuracy: 0.05)
        XCTAssertEqual(hit.span.end, 0.8, accuracy: 0.02)
    }

    func testIssue9_AnUmFadingIntoItsNasalIsAHitButASyllableBeatIsNot() throws {
        // A real "um" (AMI dev00, 9.3 s): level pitch while the level falls 10 dB over 0.55 s as
        // the vowel closes into the nasal — a steady trend, not a wavering level. The same pitch
        // with the level beating ±4 dB at 5 Hz, as syllables do, is speech.
        func frames(_ level: (Int) -> Double) -> FrameTracks {
            let n = 55
            let held = (0..<n).map { _ in 106.0 as Double? }
            let silence = [Double?](repeating: nil, count: 30)
            return FrameTracks(sampleRate: 16000, hop: 160, frameLength: 400, f0: silence + held + silence,
                               rmsDB: Array(repeating: -70, count: 30) + (0..<n).map(level) + Array(repeating: -70, count: 30),
                               active: Array(repeating: false, count: 30) + Array(repeating: true, count: n)
                                   + Array(repeating: false, count: 30),
                               cpps: Array(repeating: nil, count: n + 60))
        }
        let detector = try FilledPauseDetector()
        let fading = frames { -38 - 10 * Double($0) / 54 + ($0 % 2 == 0 ? 0.5 : -0.5) }
        XCTAssertEqual(detector.detect(in: fading).count, 1)
        let beating = frames { -40 + 4 * sin(2 * Double.pi * 5 * Double($0) / 100) }
        XCTAssertEqual(detector.detect(in: beating), [])
    }

    func testIssue9_HesitationWordNeedsAVoiceJustBeforeOrUnderIt() {
        // A held vowel at 1.85-2.2 s; Whisper's zero-length "uh" at 2.4 s is that sound, written
        // late. One at 3.5 s, with only silence before it, was never voiced.
        let t = tracks([(1.85, nil, nil, 0), (0.35, 118, 116, -24), (2.0, nil, nil, 0)])
        let evidence = HesitationEvidence()
        XCTAssertTrue(evidence.voiced(start: 2.4, end: 2.4, in: t))
        XCTAssertTrue(evidence.voiced(start: 1.9, end: 2.1, in: t))
        XCTAssertFalse(evidence.voiced(start: 3.5, end: 3.5, in: t))
        XCTAssertFalse(evidence.voiced(start: 1.2, end: 1.3, in: t), "the sound comes before the word, not long after")
    }

    func testIssue9_RejectsAFallingPhraseFinalVowel() throws {
        // A lengthened last vowel falls in pitch (here 2.5 st over 0.3 s): intonation, not a
        // hesitation, even though each frame is close to its neighbours.
        let t = tracks([(0.3, nil, nil, 0), (0.3, 140, 121, -20), (0.3, nil, nil, 0)])
        XCTAssertEqual(try FilledPauseDetector().detect(in: t), [])
    }

    func testIssue9_AHesitationDriftingDownIsOneHit() throws {
        // Real voices drift down while they hesitate: 2 semitones over 0.6 s (3.3 st/s). Held to
        // the stretch's median, the frames left a 1-semitone band half-way and the hesitation
        // was cut into pieces too short to count.
        let t = tracks([(0.3, nil, nil, 0), (0.6, 120, 120 * pow(2, -2.0 / 12), -24), (0.3, nil, nil, 0)])
        let hits = try FilledPauseDetector().detect(in: t)
        XCTAssertEqual(hits.count, 1)
        let hit = try XCTUnwrap(hits.first)
        XCTAssertEqual(hit.span.start, 0.3, accuracy: 0.02)
        XCTAssertEqual(hit.span.end, 0.9, accuracy: 0.02)
    }

    func testIssue9_AnUmIsItsVowelAndItsNasalTogether() throws {
        // "um": a 0.3 s vowel, then the lips close and the level steps 12 dB down into a 0.25 s
        // nasal on the same slowly falling pitch. One hesitation spanning both, not a vowel alone.
        let t = tracks([(0.3, nil, nil, 0), (0.3, 110, 108.5, -22), (0.25, 108.5, 107, -34), (0.3, nil, nil, 0)])
        let hits = try FilledPauseDetector().detect(in: t)
        XCTAssertEqual(hits.count, 1)
        let hit = try XCTUnwrap(hits.first)
        XCTAssertEqual(hit.span.start, 0.3, accuracy: 0.02)
        XCTAssertEqual(hit.span.end, 0.85, accuracy: 0.02)
    }

    func testIssue9_ANewSyllableAfterADipEndsTheStretch() throws {
        // Two level 0.12 s syllables on one pitch with a 12 dB voiced dip between them: the second
        // is a new syllable (a rise after a dip), so neither part is long enough to be a hit.
        let t = tracks([(0.3, nil, nil, 0), (0.12, 120, 120, -22), (0.06, 120, 120, -34), (0.12, 120, 120, -22),
                        (0.3, nil, nil, 0)])
        XCTAssertEqual(try FilledPauseDetector().detect(in: t), [])
    }

    func testIssue9_ARisingContourIsNoHesitation() throws {
        // 2 semitones up over 0.45 s (4.4 st/s): a question or a stressed word, not a hesitation.
        let t = tracks([(0.3, nil, nil, 0), (0.45, 120, 120 * pow(2, 2.0 / 12), -22), (0.3, nil, nil, 0)])
        XCTAssertEqual(try FilledPauseDetector().detect(in: t), [])
    }

    // MARK: - Synthetic signals through the full analysis

    /// Glottal-pulse speech analysed by `DeliveryAnalyzer`, then the detector on its tracks.
    private func detect(_ pieces: [(seconds: Double, contour: F0Contour?, vowel: Vowel, rms: Double)]) throws -> [FilledPause] {
        var generator = SeededGenerator(seed: 9)
        let voice = GlottalSpeech(jitter: 0.004, shimmer: 0.04, rampSeconds: 0.01)
        var samples: [Float] = []
        for piece in pieces {
            if let contour = piece.contour {
                samples += voice.segment(duration: piece.seconds, contour: contour, vowel: piece.vowel, rms: piece.rms,
                                         generator: &generator)
            } else {
                samples += TestSignals.silence(duration: piece.seconds)
            }
        }
        let analysis = try DeliveryAnalyzer().analyze(samples: samples, sampleRate: 16_000)
        return try FilledPauseDetector().detect(in: analysis.tracks)
    }

    func testIssue9_SustainedVowelSignalIsAHit() throws {
        // Two moving syllables, a pause, a held /e/ ("uh") of 0.45 s at a level 110 Hz, a pause.
        let hits = try detect([(0.4, nil, .a, 0), (0.16, .glide(from: 130, to: 160), .a, 0.1),
                               (0.14, .glide(from: 160, to: 120), .i, 0.06), (0.4, nil, .a, 0),
                               (0.45, .steady(110), .e, 0.08), (0.4, nil, .a, 0)])
        XCTAssertEqual(hits.count, 1)
        let hit = try XCTUnwrap(hits.first)
        XCTAssertEqual(hit.span.start, 1.1, accuracy: 0.08)
        XCTAssertEqual(hit.span.end, 1.55, accuracy: 0.08)
        XCTAssertEqual(hit.medianHz, 110, accuracy: 3)
    }

    func testIssue9_SteadySpeechSignalHasNoHits() throws {
        // Fluent voiced speech: 3.6 s of 0.12–0.2 s syllables, each moving 2–4 semitones, the
        // level alternating between stressed and unstressed, with no pause anywhere.
        let vowels: [Vowel] = [.a, .i, .u, .e, .o]
        var pieces: [(seconds: Double, contour: F0Contour?, vowel: Vowel, rms: Double)] = [(0.3, nil, .a, 0)]
        var f0 = 120.0
        for k in 0..<22 {
            let next = k % 3 == 2 ? f0 * 0.8 : f0 * 1.12
            pieces.append((0.12 + 0.04 * Double(k % 3), .glide(from: f0, to: next), vowels[k % vowels.count],
                           k % 2 == 0 ? 0.1 : 0.04))
            f0 = min(200, max(90, next))
        }
        pieces.append((0.3, nil, .a, 0))
        XCTAssertEqual(try detect(pieces), [])
    }

    func testRejectsInvalidConfiguration() {
        var c = FilledPauseDetector.Configuration()
        c.maxDuration = 0.1
        XCTAssertThrowsError(try FilledPauseDetector(configuration: c)) { error in
            XCTAssertTrue((error as? DSPError)?.errorDescription?.contains("min < max") ?? false)
        }
        var slope = FilledPauseDetector.Configuration()
        slope.maxPitchFall = 0
        XCTAssertThrowsError(try FilledPauseDetector(configuration: slope)) { error in
            XCTAssertTrue((error as? DSPError)?.errorDescription?.contains("maxPitchFall") ?? false)
        }
        var window = FilledPauseDetector.Configuration()
        window.pitchWindow = 0
        XCTAssertThrowsError(try FilledPauseDetector(configuration: window)) { error in
            XCTAssertTrue((error as? DSPError)?.errorDescription?.contains("pitchWindow") ?? false)
        }
    }
}
