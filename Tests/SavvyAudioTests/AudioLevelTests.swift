import XCTest
@testable import SavvyAudio

final class AudioLevelTests: XCTestCase {
    func testLevelsOfSignalsWithKnownRMS() {
        let cases: [(id: String, block: [Float], rms: Double, peak: Float, clipped: Bool)] = [
            ("silence", [Float](repeating: 0, count: 1_600), AudioLevel.silenceFloorDBFS, 0, false),
            ("full-scale-square", (0..<1_600).map { $0 % 2 == 0 ? 1 : -1 }, 0, 1, true),
            ("half-scale-dc", [Float](repeating: 0.5, count: 1_600), 20 * log10(0.5), 0.5, false),
            // 100 Hz at 16 kHz: 1600 samples are exactly 10 periods, so RMS is amplitude/√2.
            ("sine-0.5", TestFiles.sine(frequency: 100, sampleRate: 16_000, count: 1_600), 20 * log10(0.5 / 2.0.squareRoot()), 0.5, false),
            ("largest-16-bit-code", [0, 32_767 / 32_768, 0], 10 * log10(pow(32_767.0 / 32_768, 2) / 3), 32_767 / 32_768, true),
            ("empty", [], AudioLevel.silenceFloorDBFS, 0, false),
        ]
        for testCase in cases {
            let level = AudioLevel(block: testCase.block)
            XCTAssertEqual(level.rmsDBFS, testCase.rms, accuracy: 0.001, testCase.id)
            XCTAssertEqual(level.peak, testCase.peak, accuracy: 0.0001, testCase.id)
            XCTAssertEqual(level.clipped, testCase.clipped, testCase.id)
        }
    }
}
