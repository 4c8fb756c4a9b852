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

    func testPercentileIsNumPyLinear() {
        XCTAssertEqual(Statistics.percentile([1, 2, 3, 4], 50), 2.5)
        XCTAssertEqual(Statistics.percentile([0, 10], 10), 1, accuracy: 1e-12)
        XCTAssertEqual(Statistics.percentile([5], 99), 5)
    }
}
