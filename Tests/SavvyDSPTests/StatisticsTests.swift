@testable import SavvyDSP
import SavvyTestSupport
import XCTest

final class StatisticsTests: XCTestCase {
    /// Quickselect must agree with sorting, also on runs of equal values (digital silence).
    func testSelectMatchesSorting() {
        var generator = SeededGenerator(seed: 77)
        for trial in 0..<600 {
            let n = [1, 2, 3, 5, 256, 513][trial % 6]
            var values = (0..<n).map { _ in
                trial % 3 == 0 ? Double(Int(generator.uniform() * 4)) : generator.uniform()
            }
            let sorted = values.sorted()
            let k = Int(generator.uniform() * Double(n))
            let (selected, nextSmallest) = values.withUnsafeMutableBufferPointer { b -> (Double, Double) in
                let s = Statistics.select(b.baseAddress!, count: n, k: k)
                let m = k + 1 < n ? Statistics.minimum(b.baseAddress!, from: k + 1, count: n) : s
                return (s, m)
            }
            XCTAssertEqual(selected, sorted[k], "trial \(trial)")
            if k + 1 < n { XCTAssertEqual(nextSmallest, sorted[k + 1], "trial \(trial)") }
        }
    }

    /// Issue 13: percentiles come from selection, not sorting; they must be the sorted
    /// definition's values bit for bit, with ties, silence (−∞ dB) and any p.
    func testIssue13_percentileBySelectionEqualsTheSortedDefinition() {
        var generator = SeededGenerator(seed: 78)
        for trial in 0..<300 {
            let n = [1, 2, 7, 100, 6001][trial % 5]
            let values = (0..<n).map { _ -> Double in
                let u = generator.uniform()
                if trial % 4 == 1 && u < 0.3 { return -.infinity }
                return trial % 4 == 2 ? Double(Int(u * 5)) : -90 + 90 * u
            }
            let p = [0, 5, 10, 50, 95, 99, 100, 100 * generator.uniform()][trial % 8]
            let sorted = values.sorted()
            let rank = p / 100 * Double(n - 1)
            let low = Int(rank.rounded(.down)), high = min(low + 1, n - 1)
            let expected = sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
            let got = Statistics.percentile(values, p)
            XCTAssert(got == expected || (got.isNaN && expected.isNaN), "trial \(trial): \(got) vs \(expected)")
        }
    }

    func testPercentileIsNumPyLinear() {
        XCTAssertEqual(Statistics.percentile([1, 2, 3, 4], 50), 2.5)
        XCTAssertEqual(Statistics.percentile([0, 10], 10), 1, accuracy: 1e-12)
        XCTAssertEqual(Statistics.percentile([5], 99), 5)
    }

    /// Issue 13: the octave-error check keeps its ±0.3 s neighbourhood sorted as it slides
    /// instead of selecting each median anew; every frame's verdict and value must be the
    /// definition's (the median of the voiced frames around it, by `Statistics.median`), on
    /// tracks with gaps, repeated values, octave jumps and both ends.
    func testIssue13_slidingOctaveCheckEqualsTheNeighbourhoodMedianDefinition() {
        var generator = SeededGenerator(seed: 79)
        for trial in 0..<40 {
            let n = [1, 2, 31, 61, 62, 400, 1_500][trial % 7]
            let f0: [Double?] = (0..<n).map { _ in
                let u = generator.uniform()
                if u < 0.3 { return nil }
                if u < 0.4 { return 200 }  // ties
                let base = 120 + 80 * generator.uniform()
                return u > 0.95 ? base * 2 : (u > 0.9 ? base / 2 : base)  // octave errors
            }
            let tracks = FrameTracks(sampleRate: 16_000, hop: 160, frameLength: 400, f0: f0,
                                     rmsDB: [Double](repeating: -30, count: n), active: [Bool](repeating: true, count: n),
                                     cpps: [Double?](repeating: nil, count: n))
            let voiced = f0.compactMap { $0 }
            guard !voiced.isEmpty else { continue }
            let median = Statistics.median(voiced)
            let fast = PitchSummary.rejectOctaveErrors(f0, median: median, tracks: tracks, bound: 9)
            let semitones = f0.map { $0.map { 12 * log2($0 / median) } }
            for i in 0..<n {
                guard let st = semitones[i] else {
                    XCTAssertNil(fast[i], "trial \(trial) frame \(i)")
                    continue
                }
                let around = (max(0, i - 30)...min(n - 1, i + 30)).compactMap { semitones[$0] }
                let expected: Double? = abs(st - Statistics.median(around)) < 9 ? st : nil
                XCTAssertEqual(fast[i], expected, "trial \(trial) frame \(i)")
            }
        }
    }

    /// Issue 13: pass 1 widens each block to Double, finds its first non-finite sample and counts
    /// its clipped ones four at a time; each must equal the plain definition, for every
    /// alignment of the range, with NaN and ±∞ anywhere and values at and just under ±0.999
    /// (0.9989999999 is 0.999 as a Float, so clipped).
    func testIssue13_vectorisedBlockChecksEqualThePlainScan() {
        var generator = SeededGenerator(seed: 81)
        let specials: [Double] = [0.999, -0.999, 0.9989999999, -0.9989999999, 0.998, 1, -1, 0.5]
        for trial in 0..<400 {
            let n = trial % 23
            var values = (0..<n).map { _ in
                generator.uniform() < 0.3 ? specials[Int(generator.uniform() * Double(specials.count))] : 2 * generator.uniform() - 1
            }
            if n > 0 && trial % 3 == 0 {
                values[Int(generator.uniform() * Double(n))] = [Double.nan, .infinity, -.infinity][trial % 9 / 3]
            }
            let lower = n == 0 ? 0 : Int(generator.uniform() * Double(n + 1))
            let upper = lower + Int(generator.uniform() * Double(n - lower + 1))
            let range = lower..<upper
            XCTAssertEqual(DeliveryAnalyzer.firstNonFinite(values, in: range), range.first { !values[$0].isFinite },
                           "trial \(trial)")
            let finite = values.map { $0.isFinite ? $0 : 0 }
            XCTAssertEqual(DeliveryAnalyzer.clippedCount(finite, in: range),
                           range.filter { RecordingQuality.isClipped(Float(finite[$0])) }.count, "trial \(trial)")
            let floats = values.map { Float($0) }
            XCTAssertEqual(DeliveryAnalyzer.widened(floats).map(\.bitPattern), floats.map { Double($0).bitPattern },
                           "trial \(trial)")
        }
    }
}
