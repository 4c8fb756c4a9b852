import SavvySession
import Foundation
@testable import SavvyCLI
@testable import SavvyStore
import XCTest

final class HistoryCSVTests: XCTestCase {
    func testQuotingAndMissingValues() {
        var row = HistoryFixtures.rows[2]
        row.drill = "star, \"v2\""
        row.sourceName = "take\n1.wav"
        let csv = HistoryCSV.render(rows: [HistoryFixtures.rows[0], row])
        let expected = [
            "id,created_at,drill,source_name,duration_s,wpm,fillers_per_min,pitch_sd_st,cpps_db,overall,tier",
            "7,2025-03-10T09:30:00.000Z,star,take3.wav,65.000,142.0,2.10,3.80,12.30,3.9,heuristic",
            "5,2025-02-28T14:10:00.000Z,\"star, \"\"v2\"\"\",\"take\n1.wav\",30.400,95.0,9.00,,,,",
        ]
        XCTAssertEqual(csv, expected.joined(separator: "\r\n") + "\r\n")
    }

    func testEmptyIsHeaderOnly() {
        XCTAssertEqual(HistoryCSV.render(rows: []), HistoryCSV.header.joined(separator: ",") + "\r\n")
    }

    func testJSONRowWritesNullsAndISODates() throws {
        let json = try StableJSON.encode([HistoryJSONRow(HistoryFixtures.rows[2])])
        XCTAssertEqual(json, """
            [
              {
                "cppsDB" : null,
                "createdAt" : "2025-02-28T14:10:00.000Z",
                "drill" : "star",
                "durationSeconds" : 30.4,
                "fillersPerMinute" : 9,
                "id" : 5,
                "overall" : null,
                "pitchSDSemitones" : null,
                "sourceName" : "take1.wav",
                "tier" : null,
                "wpm" : 95
              }
            ]

            """)
        let decoded = try JSONDecoder().decode([HistoryJSONRow].self, from: Data(json.utf8))
        XCTAssertEqual(decoded, [HistoryJSONRow(HistoryFixtures.rows[2])])
    }
}
