import SavvyDSP
import SavvyTestSupport
import XCTest

final class MonotoneTests: XCTestCase {
    /// 42 s of 0.8 s vowels with 0.2 s gaps; `contour(k)` gives vowel k its F0 contour.
    private func speech(_ contour: (Int) -> F0Contour) -> [Float] {
        var generator = SeededGenerator(seed: 60)
        let voice = GlottalSpeech(jitter: 0.003, shimmer: 0.03)
        var out = TestSignals.silence(duration: 0.5)
        for k in 0..<42 {
            out += voice.segment(duration: 0.8, contour: contour(k), vowel: Vowel.allCases[k % 5], rms: 0.1,
                                 generator: &generator)
            out += TestSignals.silence(duration: 0.2)
        }
        return out
    }

    private var configuration: DeliveryConfiguration {
        var c = DeliveryConfiguration()
        c.computeCPPS = false
        return c
    }

    func testFlatDeliveryIsReportedAsMonotone() throws {
        let samples = speech { k in .steady(k % 2 == 0 ? 130 : 138) }
        let pitch = try XCTUnwrap(try DeliveryAnalyzer(configuration: configuration)
            .analyze(samples: samples, sampleRate: 16_000).pitch)
        XCTAssertLessThan(pitch.sdSemitones, 2)
        XCTAssertEqual(pitch.monotoneSpans.count, 1)
        XCTAssertGreaterThan(pitch.monotoneSpans.first?.duration ?? 0, 30)
    }

    func testExpressiveDeliveryIsNot() throws {
        let samples = speech { k in k % 2 == 0 ? .glide(from: 100, to: 190) : .glide(from: 200, to: 120) }
        let pitch = try XCTUnwrap(try DeliveryAnalyzer(configuration: configuration)
            .analyze(samples: samples, sampleRate: 16_000).pitch)
        XCTAssertGreaterThan(pitch.sdSemitones, 3)
        XCTAssertTrue(pitch.monotoneSpans.isEmpty)
    }
}
