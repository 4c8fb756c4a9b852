import XCTest
@testable import SavvyCLI
@testable import SavvySession

final class StableJSONTests: XCTestCase {
    private struct Sample: Encodable {
        let b: Double
        let a: Int
        let name: String
        let flag: Bool
        let missing: Double?
        let list: [Double]
    }

    func testSortedKeysAndFixedPrecision() throws {
        let json = try StableJSON.encode(Sample(b: 0.1 + 0.2, a: 7, name: "1.23456 e-5 \"q\"", flag: true,
                                                missing: nil, list: [1e-7, -2.5, 120.0, -0.0001]))
        XCTAssertEqual(json, """
        {
          "a" : 7,
          "b" : 0.3,
          "flag" : true,
          "list" : [
            0,
            -2.5,
            120,
            0
          ],
          "name" : "1.23456 e-5 \\"q\\""
        }

        """)
    }

    func testPalettePrecedence() {
        let tty = ["TERM": "xterm"]
        XCTAssertTrue(Palette.decide(choice: .auto, environment: tty, isTerminal: true).enabled)
        XCTAssertFalse(Palette.decide(choice: .auto, environment: tty, isTerminal: false).enabled)
        XCTAssertFalse(Palette.decide(choice: .auto, environment: ["TERM": "xterm", "NO_COLOR": "1"], isTerminal: true).enabled)
        XCTAssertTrue(Palette.decide(choice: .auto, environment: ["TERM": "xterm", "NO_COLOR": ""], isTerminal: true).enabled)
        XCTAssertFalse(Palette.decide(choice: .auto, environment: ["TERM": "dumb"], isTerminal: true).enabled)
        XCTAssertFalse(Palette.decide(choice: .auto, environment: [:], isTerminal: true).enabled)
        XCTAssertTrue(Palette.decide(choice: .always, environment: ["NO_COLOR": "1"], isTerminal: false).enabled)
        XCTAssertFalse(Palette.decide(choice: .never, environment: tty, isTerminal: true).enabled)
    }
}
