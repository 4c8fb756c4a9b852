import Foundation
import XCTest
@testable import SavvyCLI

final class FormatTests: XCTestCase {
    /// The integer-built formatter agrees with printf, near-ties included.
    func testFixedMatchesPrintf() {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<20_000 {
            let value = (next() - 0.5) * pow(10, next() * 8 - 2)
            for decimals in 0...3 {


                var expected = String(format: "%.\(decimals)f", value)
                if Double(expected) == 0, expected.hasPrefix("-") { expected.removeFirst() }
                XCTAssertEqual(Format.fixed(value, decimals), expected, "\(value) with \(decimals)")
            }
        }
        XCTAssertEqual(Format.fixed(-0.0001, 2), "0.00")
        XCTAssertEqual(Format.fixed(12.5, 0), "12")
        XCTAssertEqual(Format.fixed((1.4 + 2.5) / 2, 1), String(format: "%.1f", (1.4 + 2.5) / 2))
        XCTAssertEqual(Format.fixed(0.05, 1), "0.1")
        XCTAssertEqual(Format.fixed(-3.14159, 3), "-3.142")
        XCTAssertEqual(Format.fixed(.infinity, 1), "inf")
    }

    func testDurationAndClock() {
        XCTAssertEqual(Format.duration(32.88), "32.9 s")
        XCTAssertEqual(Format.duration(245), "4 min 05 s")
        XCTAssertEqual(Format.duration(3720), "1 h 02 min")
        XCTAssertEqual(Format.clock(65.34), "1:05.3")
    }
}
