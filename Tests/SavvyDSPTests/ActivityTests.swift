import SavvyDSP
import SavvyTestSupport
import XCTest

final class ActivityTests: XCTestCase {
    func testPausesAreFoundWhereTheyWerePlacedAndClassified() throws {
        let gaps = [0.3, 0.15, 0.6, 1.5, 3.5]
        let signal = SpeechLikeSignal(burstSeconds: 0.6, gapSeconds: gaps, seed: 11)
        let result = try analyze(signal.samples)
        let pauses = result.activity.pauses
        // the 0.15 s gap is below the 250 ms pause minimum
        let expected: [(gap: Int, kind: Pause.Kind)] = [(0, .normal), (2, .normal), (3, .long), (4, .stall)]
        XCTAssertEqual(pauses.count, expected.count)
        for (pause, truth) in zip(pauses, expected) {
            let gap = signal.gaps[truth.gap]
            XCTAssertEqual(pause.start, gap.start, accuracy: 0.02, "gap \(truth.gap) start")
            XCTAssertEqual(pause.end, gap.end, accuracy: 0.02, "gap \(truth.gap) end")
            XCTAssertEqual(pause.kind, truth.kind, "gap \(truth.gap) kind")
        }
        XCTAssertEqual(result.activity.normalPauses, 2)
        XCTAssertEqual(result.activity.longPauses, 1)
        XCTAssertEqual(result.activity.stalls, 1)
        // the 0.15 s gap is longer than the 100 ms bridge: every burst is its own segment
        XCTAssertEqual(result.activity.segments.count, signal.bursts.count)
        for (segment, burst) in zip(result.activity.segments, signal.bursts) {
            XCTAssertEqual(segment.start, burst.start, accuracy: 0.02)
            XCTAssertEqual(segment.end, burst.end, accuracy: 0.02)
        }
        XCTAssertEqual(result.activity.segments.first?.start ?? -1, signal.bursts[0].start, accuracy: 0.02)
        XCTAssertEqual(result.activity.segments.last?.end ?? -1, signal.bursts.last?.end ?? 0, accuracy: 0.02)
        let speech = signal.bursts.reduce(0) { $0 + $1.end - $1.start }
        let total = Double(signal.samples.count) / 16_000
        XCTAssertEqual(result.activity.speechRatio, speech / total, accuracy: 0.02)
    }

    func testPausesSurviveModerateNoise() throws {
        let signal = SpeechLikeSignal(burstSeconds: 0.5, gapSeconds: [0.4, 1.2], seed: 5)
        let noisy = TestSignals.addingNoise(to: signal.samples, snrDB: 20, colour: .white, seed: 9,
                                            referenceMask: signal.voicedMask)
        let pauses = try analyze(noisy).activity.pauses
        XCTAssertEqual(pauses.map(\.kind), [.normal, .long])
        for (pause, gap) in zip(pauses, signal.gaps) {
            XCTAssertEqual(pause.durationSeconds, gap.end - gap.start, accuracy: 0.04)
        }
    }

    func testAllSilentInputIsValidAndWarns() throws {
        for (id, samples) in [("silence", TestSignals.silence(duration: 2)),
                              ("dc", TestSignals.dc(level: 0.2, duration: 2)),
                              ("tiny", [Float](repeating: 0, count: 10))] {
            let result = try analyze(samples)
            XCTAssertNil(result.pitch, id)
            XCTAssertNil(result.loudness, id)
            XCTAssertEqual(result.activity.speechRatio, 0, id)
            XCTAssertTrue(result.activity.pauses.isEmpty, id)
            XCTAssertEqual(result.quality.warnings.first, .noSpeech, id)
        }
    }

    /// A constant signal (a DC offset, a stuck converter) has no pitch, whatever its level. YIN's
    /// difference function is then zero at every lag, and what the FFT's rounding leaves there
    /// (about 1e-15 of the energies) was read as dips: `savvy analyze` of a 16-bit WAV holding
    /// nothing but 0.2 reported a median pitch, as it did at 10 of 12 levels and lengths tried.
    func testConstantSignalsOfAnyLevelHaveNoPitch() throws {
        for level in [0.05, 0.1, 0.2, 0.3, 0.5, 0.7] as [Float] {
            for seconds in [2.0, 3.0] {
                // as a 16-bit WAV decodes: the level rounded to a whole step of 1/32768
                let sample = Float(Int16(level * 32767)) / 32768
                let result = try analyze(TestSignals.dc(level: sample, duration: seconds))
                XCTAssertNil(result.pitch, "DC \(level) for \(seconds) s")
            }
        }
    }

    func testQualityWarnings() throws {
        let clean = SpeechLikeSignal(burstSeconds: 1.0, gapSeconds: [0.5, 0.5, 0.5], seed: 2)
        let noisy = TestSignals.addingNoise(to: clean.samples, snrDB: 5, colour: .white, seed: 4,
                                            referenceMask: clean.voicedMask)
        let clipped = clean.samples.map { max(-0.05, min(0.05, $0)) * 20 }
        let cases: [(id: String, samples: [Float], expected: [QualityWarning])] = [
            ("clean", clean.samples, []),
            ("noisy-5dB", noisy, [.lowSNR]),
            ("clipped", clipped, [.clipping]),
            ("short", Array(clean.samples.prefix(16_000)), [.tooLittleSpeech]),
        ]
        for c in cases {
            let quality = try analyze(c.samples).quality
            XCTAssertEqual(quality.warnings, c.expected, c.id)
        }
        let estimated = try XCTUnwrap(try analyze(TestSignals.addingNoise(
            to: clean.samples, snrDB: 25, colour: .white, seed: 8, referenceMask: clean.voicedMask)).quality.snrDB)
        XCTAssertEqual(estimated, 25, accuracy: 4)
    }

    private func analyze(_ samples: [Float]) throws -> DeliveryAnalysis {
        var configuration = DeliveryConfiguration()
        configuration.computeCPPS = false
        return try DeliveryAnalyzer(configuration: configuration).analyze(samples: samples, sampleRate: 16_000)
    }
}
