import SavvyDSP
import SavvyTestSupport
import XCTest

final class LoudnessTests: XCTestCase {
    func testFullScaleSineIsMinus3Point01DB() throws {
        let result = try analyze(TestSignals.sine(frequency: 1000, amplitude: 1, duration: 1))
        for (i, level) in result.tracks.rmsDB.enumerated() {
            XCTAssertEqual(level, -3.0103, accuracy: 0.005, "frame \(i)")
        }
    }

    func testLevelTable() throws {
        let cases: [(id: String, signal: [Float], expectedDB: Double)] = [
            ("dc-half", TestSignals.dc(level: 0.5, duration: 0.5), -6.0206),
            ("sine-0.1", TestSignals.sine(frequency: 400, amplitude: 0.1, duration: 0.5), -23.0103),
            ("silence-floor", TestSignals.silence(duration: 0.5), -120),
        ]
        for c in cases {
            let levels = try analyze(c.signal).tracks.rmsDB
            XCTAssertEqual(levels.count, 1 + (c.signal.count - 400) / 160, c.id)
            for level in levels { XCTAssertEqual(level, c.expectedDB, accuracy: 0.01, c.id) }
        }
    }

    func testLoudnessRangeFollowsLevelSteps() throws {
        // two vowels 12 dB apart: voiced-frame dB SD is about 6 dB
        var generator = SeededGenerator(seed: 3)
        let speech = GlottalSpeech(rampSeconds: 0.005)
        let loud = speech.segment(duration: 1, contour: .steady(150), vowel: .a, rms: 0.2, generator: &generator)
        let soft = speech.segment(duration: 1, contour: .steady(150), vowel: .a, rms: 0.05, generator: &generator)
        let pad = TestSignals.silence(duration: 0.3)
        let result = try analyze(pad + loud + soft + pad)
        let range = try XCTUnwrap(result.loudness?.rangeDB)
        XCTAssertEqual(range, 6.02, accuracy: 0.5)
    }

    private func analyze(_ samples: [Float]) throws -> DeliveryAnalysis {
        var configuration = DeliveryConfiguration()
        configuration.computeCPPS = false
        return try DeliveryAnalyzer(configuration: configuration).analyze(samples: samples, sampleRate: 16_000)
    }
}
