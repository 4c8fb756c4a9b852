import Foundation
@testable import SavvyDSP
import SavvyTestSupport
import XCTest

/// The speed-ups inside CPPS must be exact (selection) or far below what moves CPPS
/// (logarithm, resampler summation order).
final class FastPathTests: XCTestCase {
    /// Over the whole range CPPS feeds it (1e-300 floor … large powers) the vectorised
    /// logarithm agrees with libm to 1e-11 absolute (CPPS needs ≈ 1e-7).
    func testFastLogarithmMatchesLibm() {
        var generator = SeededGenerator(seed: 5)
        var values: [Double] = [1e-300, 2.2250738585072014e-308, 0.5, 1, 2, 1.4142135623730951,
                                1.4142135623730954, 0.7071067811865476, 3, 1e10, 1e300]
        for _ in 0..<20_000 {
            values.append(pow(10, generator.uniform() * 600 - 300))
        }
        var logs = values
        logs.withUnsafeMutableBufferPointer { FastLogarithm.naturalLogInPlace($0.baseAddress!, count: $0.count) }
        for (x, fast) in zip(values, logs) {
            XCTAssertEqual(fast, log(x), accuracy: 1e-11, "x = \(x)")
        }
    }

    /// A bracketed median must equal the sorted median, whether the series drifts slowly
    /// (bracket hits), jumps (misses and retries) or has ties, for odd and even counts.
    func testSelectionBracketGivesExactMiddlePair() {
        var generator = SeededGenerator(seed: 11)
        for count in [256, 513, 7, 2] {
            var bracket = SelectionBracket()
            let scratch = UnsafeMutablePointer<Double>.allocate(capacity: count)
            defer { scratch.deallocate() }
            var level = 1.0
            for step in 0..<400 {
                // slow drift, with a jump by 10⁶ every 50 steps and quantised values every 7th
                level *= step % 50 == 49 ? 1e6 : 1 + 0.01 * generator.gaussian()
                var values = (0..<count).map { _ in level * exp(3 * generator.gaussian()) }
                if step % 7 == 3 { values = values.map { ($0 / level * 4).rounded(.up) * level } }
                let sorted = values.sorted()
                let pair = values.withUnsafeMutableBufferPointer {
                    bracket.middlePair(of: $0.baseAddress!, count: count, scratch: scratch)
                }
                XCTAssertEqual(pair.low, sorted[(count - 1) / 2], "count \(count) step \(step)")
                XCTAssertEqual(pair.high, sorted[count / 2], "count \(count) step \(step)")
            }
        }
    }

    /// The contiguous per-phase resampler path equals the direct polyphase sum
    /// y[m] = Σ_j x[j]·h[halfLength + m·down − j·up] up to summation-order rounding.
    func testResamplerMatchesDirectConvolution() {
        var generator = SeededGenerator(seed: 3)
        let input = (0..<3000).map { _ in generator.gaussian() }
        let resampler = PolyphaseResampler(from: 16_000, to: 10_000)
        let output = resampler.process(input)
        let taps = resampler.referenceTaps
        let half = (taps.count - 1) / 2
        XCTAssertEqual(output.count, (input.count * 5 + 7) / 8)
        for m in 0..<output.count {
            var direct = 0.0
            for j in 0..<input.count {
                let k = half + m * 8 - j * 5
                if k >= 0 && k < taps.count { direct += input[j] * taps[k] }
            }
            XCTAssertEqual(output[m], direct, accuracy: 1e-12, "m = \(m)")
        }
    }

    /// Issue 13: CPPS split over threads gives the one-thread values bit for bit, for every
    /// thread count, including more threads than chunks and chunk boundaries inside speech.
    func testIssue13_parallelCPPSIsBitIdenticalToOneThread() throws {
        let clean = SpeechLikeSignal(burstSeconds: 0.7, gapSeconds: [0.3, 0.5, 0.2, 0.9, 0.4, 0.3, 0.6, 0.2, 0.5, 0.3],
                                     seed: 13)
        let noisy = TestSignals.addingNoise(to: clean.samples, snrDB: 20, colour: .pink, seed: 14,
                                            referenceMask: clean.voicedMask)
        let signal = PolyphaseResampler(from: 16_000, to: CPPSAnalyzer.sampleRate).process(noisy.map { Double($0) })
        let times = CPPSAnalyzer.frameTimes(sampleCount: noisy.count, inputRate: 16_000)
        XCTAssertGreaterThan(times.count, 2 * ParallelCPPS.chunkFrames, "the signal must span several chunks")
        let reference = try CPPSAnalyzer().process(signal: signal, times: times)
        for threads in [1, 2, 3, 8] {
            let values = try ParallelCPPS(threads: threads).process(signal: signal, times: times)
            XCTAssertEqual(values.map(\.bitPattern), reference.map(\.bitPattern), "threads \(threads)")
        }
        // a range in the middle, starting and ending off the chunk grid
        let range = 1000..<3100
        let emphasised = CPPSAnalyzer.preEmphasised(signal)
        var part = [Double](repeating: 0, count: range.count)
        let analyzer = try CPPSAnalyzer()
        emphasised.withUnsafeBufferPointer { x in
            part.withUnsafeMutableBufferPointer { analyzer.process(emphasised: x, times: times, frames: range, into: $0.baseAddress!) }
        }
        XCTAssertEqual(part.map(\.bitPattern), reference[range].map(\.bitPattern))
    }
}
