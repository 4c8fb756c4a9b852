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

    /// Issue 13: the single-precision logarithm CPPS takes of its power spectrum agrees with
    /// libm's double logarithm of the same float to float precision (2.5e-7 of |ln x|, at least
    /// 1e-7 absolute) from the 1e-30 floor to 1e30, at the fold point √2 and at powers of two.
    func testIssue13_singlePrecisionLogarithmMatchesLibm() {
        var generator = SeededGenerator(seed: 7)
        var values: [Float] = [1e-30, Float.leastNormalMagnitude, 0.5, 1, 2, 1.4142135, 1.4142137, 0.70710677,
                               3, 1e10, 1e30, Float.greatestFiniteMagnitude]
        for _ in 0..<20_000 {
            values.append(Float(pow(10, generator.uniform() * 60 - 30)))
        }
        var logs = values
        logs.withUnsafeMutableBufferPointer { FastLogarithm.naturalLogInPlace($0.baseAddress!, count: $0.count) }
        for (x, fast) in zip(values, logs) {
            let exact = log(Double(x))
            XCTAssertEqual(Double(fast), exact, accuracy: max(1e-7, 2.5e-7 * abs(exact)), "x = \(x)")
        }
    }

    /// Issue 13: the DCT-I through a half-size real transform (CPPS's second transform) equals
    /// FFTW's c2r of the even extension to 1e-12 of the largest output, for log spectra of
    /// several shapes (random, constant, alternating, a lone spike at each end and inside) and sizes.
    func testIssue13_cosineTransformEqualsTheFullInverseTransform() throws {
        var generator = SeededGenerator(seed: 17)
        for n in [4, 8, 64, 512] {
            let transform = try CosineTransform(size: n)
            let plan = try FFTPlan.shared(size: 2 * n)
            let buffer = try FFTBuffer(size: 2 * n)
            var cases: [[Float]] = [
                (0...n).map { _ in Float(generator.gaussian() * 5 - 20) },
                [Float](repeating: -690, count: n + 1),
                (0...n).map { $0 % 2 == 0 ? 3 : -1 },
            ]
            for spike in [0, n / 2, n] {
                var row = [Float](repeating: 0, count: n + 1)
                row[spike] = 1
                cases.append(row)
            }
            for (index, values) in cases.enumerated() {
                for b in 0...n {
                    buffer.spectrum[2 * b] = Double(values[b])
                    buffer.spectrum[2 * b + 1] = 0
                }
                plan.inverse(buffer)
                var fast = [Double](repeating: .nan, count: n + 1)
                values.withUnsafeBufferPointer { x in
                    fast.withUnsafeMutableBufferPointer { transform.transform(x.baseAddress!, into: $0.baseAddress!) }
                }
                let reference = (0...n).map { buffer.real[$0] }
                let largest = reference.map(abs).max() ?? 0
                for k in 0...n {
                    XCTAssertEqual(fast[k], reference[k], accuracy: 1e-12 * max(largest, 1), "N = \(n), case \(index), k = \(k)")
                }
            }
        }
        XCTAssertThrowsError(try CosineTransform(size: 6 - 1))
    }

    /// A bracketed median must equal the sorted median, whether the series drifts slowly
    /// (bracket hits), jumps (misses and retries) or has ties, for odd and even counts, in double
    /// and (as CPPS's slope ratios) single precision.
    func testSelectionBracketGivesExactMiddlePair() {
        var generator = SeededGenerator(seed: 11)
        for count in [256, 513, 7, 2] {
            var brackets = BracketPair(count: count)
            defer { brackets.deallocate() }
            var level = 1.0
            for step in 0..<400 {
                // slow drift, with a jump by 10⁶ every 50 steps and quantised values every 7th
                level *= step % 50 == 49 ? 1e6 : 1 + 0.01 * generator.gaussian()
                var values = (0..<count).map { _ in level * exp(3 * generator.gaussian()) }
                if step % 7 == 3 { values = values.map { ($0 / level * 4).rounded(.up) * level } }
                // the floats scaled by 1e-24, so the 10⁴⁸ the jumps reach stays inside their range
                brackets.assertExact(values, values.map { Float($0 * 1e-24) }, "count \(count) step \(step)")
            }
        }
    }

    /// Issue 13: the medians' copy of the values inside a range (for floats the AVX2 left-pack in
    /// CSavvyKernels, eight at a time, with a scalar tail) must copy exactly the values a plain
    /// filter keeps, in index order, and write nothing past `count`: for every length around the
    /// eight-lane blocks, ranges from empty to everything (the selection's open ends, 0 and +∞),
    /// and rows with ties, the smallest positive floats and the largest finite ones.
    func testIssue13_copyInsideARangeKeepsExactlyTheFilteredValuesInOrder() {
        var generator = SeededGenerator(seed: 13)
        let infinity = Float.infinity.bitPattern
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 63, 256, 513] {
            for trial in 0..<40 {
                var row = (0..<count).map { _ in Float(exp(4 * generator.gaussian())) }
                if trial % 5 == 1 { row = row.map { ($0 * 2).rounded(.up) } }  // ties
                if trial % 5 == 2, count > 2 {
                    row[0] = .leastNonzeroMagnitude
                    row[count - 1] = .greatestFiniteMagnitude
                }
                let sorted = row.map(\.bitPattern).sorted()
                func pick() -> UInt32 { sorted.isEmpty ? 1 : sorted[Int(generator.uniform() * Double(sorted.count)) % sorted.count] }
                var ranges: [(UInt32, UInt32)] = [(0, infinity), (1, 0), (0, pick()), (pick(), infinity)]
                let (a, b) = (pick(), pick())
                ranges.append((min(a, b), max(a, b)))
                for (lower, upper) in ranges {
                    let expected = row.filter { $0.bitPattern >= lower && $0.bitPattern <= upper }
                    // a guard value past `count`: the copy must leave it alone
                    var target = [Float](repeating: -1, count: count + 1)
                    row.withUnsafeBufferPointer { source in
                        target.withUnsafeMutableBufferPointer { out in
                            SelectionBracket<Float>.copy(source.baseAddress ?? UnsafePointer(out.baseAddress!), count: count,
                                                         from: lower, through: upper, into: out.baseAddress!)
                        }
                    }
                    XCTAssertEqual(Array(target.prefix(expected.count)), expected,
                                   "count \(count) trial \(trial) range \(lower)...\(upper)")
                    XCTAssertEqual(target[count], -1, "wrote past count \(count)")
                }
            }
        }
    }

    /// Issue 13: on a slowly drifting series, as CPPS's frames give, the bracket around the
    /// previous median usually holds the wanted ranks, so the selection runs on its few values
    /// (the path the random rows above rarely take); with ties and occasional jumps the pair must
    /// still be the exact order statistics, in double and in single precision.
    func testIssue13_selectionBracketOnADriftingSeriesIsExact() {
        var generator = SeededGenerator(seed: 12)
        for count in [256, 513, 6, 3] {
            var brackets = BracketPair(count: count)
            defer { brackets.deallocate() }
            var values = (0..<count).map { _ in exp(3 * generator.gaussian()) }
            for step in 0..<600 {
                // each value drifts by about 1 % a step; every 40th step one value in ten jumps
                values = values.enumerated().map { i, v in
                    step % 40 == 39 && i % 10 == 0 ? v * exp(2 * generator.gaussian()) : v * (1 + 0.01 * generator.gaussian())
                }
                var row = values
                if step % 9 == 4 { row = row.map { ($0 * 8).rounded(.up) / 8 } }
                brackets.assertExact(row, row.map { Float($0) }, "count \(count) step \(step)")
            }
        }
    }

    /// The CPPS peak search converts only the bins around possible maxima to dB. On rows with
    /// ripples, plateaus, exact ties, neighbours one ulp apart, monotone runs and lone spikes it
    /// must give, bit for bit, what converting every bin gives (Praat's search, written out here).
    func testIssue13_peakSearchOnCandidateBinsEqualsTheFullSearch() {
        let n = 513, low = 31, high = 166
        let candidates = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let values = UnsafeMutablePointer<Double>.allocate(capacity: n + 2)
        let bins = UnsafeMutablePointer<Int>.allocate(capacity: n + 2)
        let decibels = UnsafeMutablePointer<Double>.allocate(capacity: n)
        defer {
            candidates.deallocate()
            values.deallocate()
            bins.deallocate()
            decibels.deallocate()
        }
        var generator = SeededGenerator(seed: 17)
        for trial in 0..<400 {
            let period = 4 + 40 * generator.uniform(), phase = 6 * generator.uniform()
            var row: [Double] = (0..<n).map { k in
                exp(3 * sin(Double(k) / period + phase) + 0.5 * generator.gaussian())
            }
            switch trial % 6 {
            case 1: row = row.map { ($0 * 2).rounded() / 2 + 1e-30 }  // plateaus and exact ties
            case 2:  // neighbours equal or one ulp apart: below the logarithm's resolution
                for k in stride(from: 0, to: n - 1, by: 2) {
                    row[k + 1] = generator.uniform() < 0.5 ? row[k] : row[k].nextUp
                }
            case 3: row = (0..<n).map { exp(0.02 * Double($0)) }
            case 4: row = (0..<n).map { k in k == 100 ? 5 : exp(-0.02 * Double(k)) }
            case 5: row = [Double](repeating: 1e-30, count: n)
            default: break
            }
            let fast = row.withUnsafeBufferPointer {
                CPPSAnalyzer.parabolicPeak(of: $0.baseAddress!, count: n, low: low, high: high, candidates: candidates,
                                           values: values, bins: bins, decibels: decibels)
            }
            let full = fullPeakSearch(row, low: low, high: high)
            XCTAssertEqual(fast.value.bitPattern, full.value.bitPattern, "trial \(trial)")
            XCTAssertEqual(fast.position.bitPattern, full.position.bitPattern, "trial \(trial)")
        }
    }

    /// Every bin of the window to dB, then both ends and each local maximum, parabolically refined.
    private func fullPeakSearch(_ row: [Double], low: Int, high: Int) -> (value: Double, position: Double) {
        let first = max(low, 1) - 1
        let last = min(high, row.count - 2) + 1
        var logs = Array(row[first...last])
        logs.withUnsafeMutableBufferPointer { FastLogarithm.naturalLogInPlace($0.baseAddress!, count: $0.count) }
        let decibels = logs.map { $0 * (10 / M_LN10) }
        func dB(_ k: Int) -> Double { decibels[k - first] }
        var best = (value: dB(low), position: Double(low))
        if dB(high) > best.value { best = (dB(high), Double(high)) }
        for i in (first + 1)...(last - 1) {
            let previous = dB(i - 1), current = dB(i), next = dB(i + 1)
            guard current > previous && current >= next else { continue }
            let dy = 0.5 * (next - previous)
            let d2y = 2 * current - previous - next
            let value = current + 0.5 * dy * dy / d2y
            if value > best.value { best = (value, Double(i) + dy / d2y) }
        }
        return best
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

    /// Issue 13: the trend's intercept in single precision stays within its stated 1.1e-6 dB of
    /// the double computation, on drifting c²-like rows (log-normal, a downward trend, values
    /// from the 1e-30 floor to the 7.9e3 ceiling) with trends up to the single-precision limit
    /// either way — where the extreme products are 1e-37 and 8e10 — and on a silent row.
    func testIssue13_singlePrecisionInterceptMatchesTheDoubleOne() throws {
        let analyzer = try CPPSAnalyzer()
        let n = analyzer.rowCount
        var generator = SeededGenerator(seed: 13)
        let limit = CPPSAnalyzer.singlePrecisionTrendDecades / Double(n - 1)
        var base = (0..<n).map { k in -3 * Double(k) / Double(n) + 2 * generator.gaussian() }
        var worst = 0.0
        for step in 0..<300 {
            base = base.map { $0 + 0.05 * generator.gaussian() }
            var row = base.map { Float(min(7.9e3, max(1e-30, exp($0 * 4)))) }
            if step % 50 == 7 { row = [Float](repeating: 1e-30, count: n) }
            if step % 50 == 8 { row = (0..<n).map { $0 % 2 == 0 ? 1e-30 : 7.9e3 } }
            let trend = [limit, -limit, 0.4 * limit * generator.gaussian()][step % 3]
            let single = row.withUnsafeBufferPointer { analyzer.singlePrecisionIntercept(of: $0.baseAddress!, step: trend) }
            let double = row.withUnsafeBufferPointer { analyzer.doublePrecisionIntercept(of: $0.baseAddress!, step: trend) }
            XCTAssert(single.isFinite && double.isFinite, "row \(step)")
            worst = max(worst, abs(single - double))
        }
        XCTAssertLessThanOrEqual(worst, 1.1e-6)
    }

    /// Issue 13: any range of CPPS frames, starting and ending anywhere (as the threads' chunks
    /// of ``BlockWork`` do), gives the whole grid's values bit for bit.
    func testIssue13_cppsOfAFrameRangeIsBitIdenticalToTheWholeGrid() throws {
        let clean = SpeechLikeSignal(burstSeconds: 0.7, gapSeconds: [0.3, 0.5, 0.2, 0.9, 0.4, 0.3, 0.6, 0.2, 0.5, 0.3],
                                     seed: 13)
        let noisy = TestSignals.addingNoise(to: clean.samples, snrDB: 20, colour: .pink, seed: 14,
                                            referenceMask: clean.voicedMask)
        let signal = PolyphaseResampler(from: 16_000, to: CPPSAnalyzer.sampleRate).process(noisy.map { Double($0) })
        let times = CPPSAnalyzer.frameTimes(sampleCount: noisy.count, inputRate: 16_000)
        XCTAssertGreaterThan(times.count, 2 * BlockWork.cppsChunkFrames, "the signal must span several chunks")
        let reference = try CPPSAnalyzer().process(signal: signal, times: times)
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

    /// Issue 13: YIN keeps its five best dips by insertion instead of sorting them all; the
    /// result must be the sort's, cut to five, on lists with ties in d′, in frequency and in both.
    func testIssue13_strongestCandidatesAreTheSortsFirstOnes() {
        var generator = SeededGenerator(seed: 91)
        for trial in 0..<500 {
            let n = trial % 40
            let found = (0..<n).map { _ in
                PitchCandidate(frequency: Double(Int(generator.uniform() * 6)) * 50 + 75,
                               aperiodicity: trial % 2 == 0 ? Double(Int(generator.uniform() * 4)) / 4 : generator.uniform())
            }
            for keep in [1, 2, 5] {
                let sorted = found.sorted { ($0.aperiodicity, -$0.frequency) < ($1.aperiodicity, -$1.frequency) }
                XCTAssertEqual(YINCandidateExtractor.strongest(found, keeping: keep), Array(sorted.prefix(keep)),
                               "trial \(trial), keep \(keep)")
            }
        }
    }
}

/// A double and a single-precision `SelectionBracket` following one series of rows, with their
/// scratch: each row's middle pair, in both precisions, must be the sorted row's.
private struct BracketPair {
    var bracket = SelectionBracket<Double>()
    var floatBracket = SelectionBracket<Float>()
    let count: Int
    let scratch: UnsafeMutablePointer<Double>
    let floatScratch: UnsafeMutablePointer<Float>

    init(count: Int) {
        self.count = count
        scratch = .allocate(capacity: 3 * count)
        floatScratch = .allocate(capacity: 3 * count)
    }

    func deallocate() {
        scratch.deallocate()
        floatScratch.deallocate()
    }

    mutating func assertExact(_ values: [Double], _ floats: [Float], _ label: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        var values = values, floats = floats
        let sorted = values.sorted()
        let sortedFloats = floats.sorted()
        let (count, scratch, floatScratch) = (count, scratch, floatScratch)
        let pair = values.withUnsafeMutableBufferPointer {
            bracket.middlePair(of: $0.baseAddress!, count: count, scratch: scratch)
        }
        let floatPair = floats.withUnsafeMutableBufferPointer {
            floatBracket.middlePair(of: $0.baseAddress!, count: count, scratch: floatScratch)
        }
        XCTAssertEqual(pair.low, sorted[(count - 1) / 2], label, file: file, line: line)
        XCTAssertEqual(pair.high, sorted[count / 2], label, file: file, line: line)
        XCTAssertEqual(floatPair.low, sortedFloats[(count - 1) / 2], "float, " + label, file: file, line: line)
        XCTAssertEqual(floatPair.high, sortedFloats[count / 2], "float, " + label, file: file, line: line)
    }
}
