import Foundation
import XCTest

@testable import SavvyStore

final class TimestampTests: XCTestCase {
    func testFormatsKnownInstants() {
        let cases: [(id: String, seconds: Double, text: String)] = [
            ("epoch", 0, "1970-01-01T00:00:00.000Z"),
            ("millis", 1_735_689_600.123, "2025-01-01T00:00:00.123Z"),
            ("leap-day", 1_709_210_096.5, "2024-02-29T12:34:56.500Z"),
            ("before-epoch", -0.25, "1969-12-31T23:59:59.750Z"),
        ]
        for testCase in cases {
            let date = Date(timeIntervalSince1970: testCase.seconds)
            XCTAssertEqual(Timestamp.string(from: date), testCase.text, testCase.id)
            XCTAssertEqual(Timestamp.date(from: testCase.text), date, testCase.id)
        }
    }

    /// Text → date → text is the identity for every millisecond in a sample spanning decades.
    func testRoundTripIsExact() {
        var millis: Int64 = 946_684_800_000
        for step in 0..<5000 {
            millis += Int64(step) * 123_457 + 1
            let text = Timestamp.string(from: Date(timeIntervalSince1970: Double(millis) / 1000))
            XCTAssertEqual(Timestamp.date(from: text).map(Timestamp.string(from:)), text)
        }
    }

    func testRejectsOtherText() {
        for text in ["", "2025-01-01", "2025-01-01T00:00:00Z", "2025-13-01T00:00:00.000Z", "2025-01-01T00:00:00.000+", "abcd-01-01T00:00:00.000Z"] {
            XCTAssertNil(Timestamp.date(from: text), text)
        }
    }
}
