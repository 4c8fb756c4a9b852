@testable import SavvyDSP
import SavvyTestSupport
import XCTest

final class VoiceQualityTests: XCTestCase {
    func testPeriodicVoiceHasMuchHigherCPPSThanNoise() throws {
        var generator = SeededGenerator(seed: 21)
        let vowel = GlottalSpeech().segment(duration: 1.5, contour: .steady(120), vowel: .a, rms: 0.1,
                                            generator: &generator)
        let noise = TestSignals.noise(.white, rms: 0.1, count: vowel.count, seed: 22)
        let analyzer = try DeliveryAnalyzer()
        let voiced = try XCTUnwrap(try analyzer.analyze(samples: vowel, sampleRate: 16_000).voice)
        let unvoiced = try XCTUnwrap(try analyzer.analyze(samples: noise, sampleRate: 16_000).voice)
        XCTAssertGreaterThan(voiced.cppsDB, unvoiced.cppsDB + 6)
        XCTAssertGreaterThan(voiced.cppsDB, 9.3, "a clean synthetic vowel is above the dysphonia cut-off")
        // frames: ⌊(1.5 − 0.1) / 0.002⌋ + 1
        XCTAssertEqual(voiced.frames, 701)
        XCTAssertNotNil(voiced.cppsVoicedDB)
    }

    func testCPPSFallsWithNoise() throws {
        var generator = SeededGenerator(seed: 31)
        let vowel = GlottalSpeech(jitter: 0.003, shimmer: 0.03)
            .segment(duration: 1.5, contour: .steady(200), vowel: .o, rms: 0.1, generator: &generator)
        let analyzer = try DeliveryAnalyzer()
        var previous = Double.infinity
        for snr in [40.0, 20, 10, 0] {
            let noisy = TestSignals.addingNoise(to: vowel, snrDB: snr, colour: .white, seed: 32)
            let cpps = try XCTUnwrap(try analyzer.analyze(samples: noisy, sampleRate: 16_000).voice?.cppsDB)
            XCTAssertLessThan(cpps, previous, "SNR \(snr) dB")
            previous = cpps
        }
    }

    func testSmoothingKernelsMatchPraat() {
        let expected: [Double] = [0.125, 0.875, 1, 1, 1, 0.875, 0.125]
        XCTAssertEqual(CPPSAnalyzer.interpolatedBoxKernel(width: 5), expected)
        XCTAssertEqual(CPPSAnalyzer.interpolatedBoxKernel(width: 10), [0.5] + [Double](repeating: 1, count: 9) + [0.5])
    }

    func testResamplerKeepsAnInBandSine() {
        let input = TestSignals.sine(frequency: 1000, amplitude: 0.5, duration: 0.5).map(Double.init)
        let output = PolyphaseResampler(from: 16_000, to: 10_000).process(input)
        XCTAssertEqual(output.count, 5000)
        for n in 200..<4800 {
            XCTAssertEqual(output[n], 0.5 * sin(2 * Double.pi * 1000 * Double(n) / 10_000), accuracy: 2e-3)
        }
    }
}
