import Foundation
import XCTest
@testable import SavvyCLI
import SavvySession
@testable import SavvyStore

/// The direct `history --json` writer must give exactly the bytes of the generic path
/// (`StableJSON` over `HistoryJSONRow`), which scripts and goldens rely on (issue 13 item 4).
final class HistoryJSONTests: XCTestCase {
    private func assertSameAsStableJSON(_ rows: [HistoryRow], file: StaticString = #filePath, line: UInt = #line) throws {
        let json = rows.map(HistoryJSONRow.init)
        XCTAssertEqual(try HistoryJSON.render(json), try StableJSON.encode(json), file: file, line: line)
    }

    func testFixtureRowsMatchTheGenericEncoderByteForByte() throws {
        try assertSameAsStableJSON(HistoryFixtures.rows)
    }

    func testEmptyHistoryMatches() throws {
        try assertSameAsStableJSON([])
    }

    /// More rows than one chunk holds: the text is handed on in several pieces, none much over
    /// a chunk, and together they are the generic encoder's bytes.
    func testIssue13_streamedInChunksMatchesTheGenericEncoder() throws {
        let base = HistoryFixtures.now
        var rows: [HistoryRow] = []
        for index in 0..<700 {
            let value = Double(index)
            let scored = index % 13 != 0
            let created: Date = base.addingTimeInterval(-value * 3_181.7)
            let name = "answer-\(index)-\u{E9}\"q\".wav"
            let wpm: Double? = index % 11 == 0 ? nil : 100 + value / 3
            let cpps: Double? = index % 5 == 0 ? nil : 9.125
            let overall: Double? = scored ? Double(index % 40) / 10 + 1 : nil
            rows.append(HistoryRow(
                id: Int64(index + 1), createdAt: created, drill: ["star", "pitch", "prep"][index % 3], sourceName: name,
                duration: 20 + value / 7, wpm: wpm, fillersPerMinute: Double(index % 17) / 10, pitchSD: 2.5, cpps: cpps,
                overall: overall, tier: scored ? "semantic" : nil))
        }
        var chunks: [[UInt8]] = []
        var writer = HistoryJSON { chunks.append($0) }
        for row in rows { writer.append(HistoryJSONRow(row)) }
        try writer.finish()
        XCTAssertGreaterThan(chunks.count, 2)
        XCTAssertLessThan(chunks.map(\.count).max() ?? 0, HistoryJSON.chunkBytes + 1_000)
        XCTAssertEqual(String(decoding: chunks.joined(), as: UTF8.self), try StableJSON.encode(rows.map(HistoryJSONRow.init)))
    }

    func testNumbersAndEscapesMatch() throws {
        let date = HistoryFixtures.now
        let cases: [(name: String, value: Double?)] = [
            ("whole", 140), ("negative whole", -3), ("zero", 0), ("negative zero", -0.0), ("half up", 2.0005),
            ("tiny", 1e-7), ("negative tiny", -1e-9), ("thirds", 1.0 / 3.0), ("large", 123_456_789.123_456),
            ("huge whole", 1e17), ("rounds to whole", 2.9999), ("nil", nil),
        ]
        let names = ["quote\"d.wav", "back\\slash.wav", "new\nline\ttab.wav", "bell\u{07}\u{1F}.wav", "slash/é😀.wav",
                     "\u{08}\u{0C}\r.wav", ""]
        var rows: [HistoryRow] = []
        for (index, c) in cases.enumerated() {
            rows.append(HistoryRow(
                id: Int64(index + 1), createdAt: date, drill: c.name, sourceName: names[index % names.count],
                duration: c.value ?? 1, wpm: c.value, fillersPerMinute: c.value, pitchSD: c.value, cpps: c.value,
                overall: c.value, tier: index % 2 == 0 ? nil : names[(index + 3) % names.count]))
        }
        for row in rows {
            try assertSameAsStableJSON([row])
        }
        try assertSameAsStableJSON(rows)
    }
}
