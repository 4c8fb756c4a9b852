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
}
