import Foundation
@testable import SavvyCLI
@testable import SavvyStore
import XCTest

final class HistoryTableTests: XCTestCase {
    func render(width: Int?, colour: Bool = false, rows: [HistoryRow] = HistoryFixtures.rows) -> String {
        HistoryTable.render(rows: rows, columns: width, palette: Palette(enabled: colour), now: HistoryFixtures.now,
                            timeZone: HistoryFixtures.utc)
    }

    func header(_ text: String) -> [String] {
        text.split(separator: "\n").first.map { $0.split(separator: " ").map(String.init) } ?? []
    }

    func testEmptyHistoryIsOneFriendlyLine() {
        XCTAssertEqual(render(width: 80, rows: []), HistoryTable.emptyMessage + "\n")
    }

    func testWidthFitting() {
        let cases: [(width: Int?, headers: [String])] = [
            (40, ["id", "date", "WPM", "score"]),
            (60, ["id", "date", "WPM", "fillers/min", "pitch", "SD", "score"]),
            (80, ["id", "date", "drill", "length", "WPM", "fillers/min", "pitch", "SD", "score"]),
            (100, ["id", "date", "drill", "length", "WPM", "fillers/min", "pitch", "SD", "CPPS", "score"]),
            (160, ["id", "date", "drill", "length", "WPM", "fillers/min", "pitch", "SD", "CPPS", "score"]),
            (nil, ["id", "date", "drill", "length", "WPM", "fillers/min", "pitch", "SD", "CPPS", "score"]),
        ]
        for c in cases {
            let text = render(width: c.width)
            XCTAssertEqual(header(text), c.headers, "width \(String(describing: c.width))")
            if let width = c.width {
                for line in text.split(separator: "\n") {
                    XCTAssertLessThanOrEqual(line.count, width, "width \(width): \(line)")
                }
            }
        }
    }

    func testNarrowTerminalKeepsIdAndNeverWraps() {
        let text = render(width: 12)
        XCTAssertEqual(header(text), ["id"])
        let tableLines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(5)
        XCTAssertEqual(tableLines.map { $0.trimmingCharacters(in: .whitespaces) }, ["id", "7", "6", "5", "4"])
    }

    func testTableCells() {
        let lines = render(width: nil).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "id  date             drill            length  WPM  fillers/min  pitch SD     CPPS  score")
        XCTAssertEqual(lines[1], " 7  today 09:30      star               1:05  142          2.1    3.8 st  12.3 dB    3.9")
        XCTAssertEqual(lines[2], " 6  yesterday 18:02  pitch              2:00  190          6.5    2.4 st  11.8 dB    3.1")
        XCTAssertEqual(lines[3], " 5  Feb 28 14:10     star               0:30   95          9.0         —        —      —")
        XCTAssertEqual(lines[4], " 4  2024-11-28       interview-beh…  1:01:40  130          4.0    1.5 st  10.9 dB    2.8")
    }

    func testColourOffHasNoEscapes() {
        XCTAssertFalse(render(width: 100).contains("\u{1B}"))
    }

    func testColourOnMarksBands() {
        let text = render(width: nil, colour: true)
        XCTAssertTrue(text.contains("\u{1B}[32m142\u{1B}[0m"), "142 wpm is green")
        XCTAssertTrue(text.contains("\u{1B}[31m190\u{1B}[0m"), "190 wpm is red")
        XCTAssertTrue(text.contains("\u{1B}[33m6.5\u{1B}[0m"), "6.5 fillers/min is amber")
        XCTAssertTrue(text.contains("\u{1B}[31m1.5 st\u{1B}[0m"), "1.5 st is flat")
        XCTAssertTrue(text.contains("        \u{1B}[2m—\u{1B}[0m"), "missing values are dim, padding outside the codes")
        // Colour codes do not change the layout: stripped, the text equals the plain render.
        let stripped = text.replacingOccurrences(of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression)
        XCTAssertEqual(stripped, render(width: nil))
    }

    func testTrendBlock() {
        let lines = render(width: nil).split(separator: "\n").map(String.init)
        let trends = Array(lines.drop { !$0.hasPrefix("Trends") }.dropFirst())
        XCTAssertEqual(trends, [
            "  WPM          142      → vs 138 (3 earlier)      steady  ▄▁█▄",
            "  fillers/min  2.1      ↓ vs 6.5 (3 earlier)      better  ▃█▅▁",
            "  pitch SD     3.8 st   ↑ vs 1.9 st (2 earlier)   better  ▁ ▄█",
            "  CPPS         12.3 dB  ↑ vs 11.4 dB (2 earlier)  better  ▁ ▆█",
            "  overall      3.9      ↑ vs 3.0 (2 earlier)      better  ▁ ▃█",
        ])
        // Narrower terminals lose the sparklines, then the counts, then the baselines.
        let cases: [(width: Int, line: String)] = [
            (60, "  overall      3.9      ↑ vs 3.0 (2 earlier)      better"),
            (50, "  overall      3.9      ↑ vs 3.0      better"),
            (40, "  overall      3.9      ↑  better"),
        ]
        for c in cases {
            XCTAssertEqual(render(width: c.width).split(separator: "\n").last.map(String.init), c.line, "width \(c.width)")
        }
    }

    func testTrendNeedsTwoSessions() {
        let text = render(width: nil, rows: [HistoryFixtures.rows[0]])
        XCTAssertTrue(text.contains("WPM          one session so far, no baseline yet"), text)
        let noPitch = render(width: nil, rows: [HistoryFixtures.rows[2]])
        XCTAssertTrue(noPitch.contains("pitch SD     no value yet"), noPitch)
    }

    func testTrendArrows() {
        let pace = 120.0...165.0
        let cases: [(id: String, latest: Double, baseline: Double, goal: HistoryMetric.Goal, tol: Double,
                     arrow: Trend.Arrow, verdict: Trend.Verdict)] = [
            ("higher up", 3.9, 3.0, .higher, 0.2, .up, .better),
            ("higher down", 3.0, 3.9, .higher, 0.2, .down, .worse),
            ("higher within tolerance", 3.1, 3.0, .higher, 0.2, .flat, .steady),
            ("higher at tolerance", 3.2, 3.0, .higher, 0.25, .flat, .steady),
            ("lower down", 2.0, 5.0, .lower, 0.5, .down, .better),
            ("lower up", 5.0, 2.0, .lower, 0.5, .up, .worse),
            ("lower flat", 2.2, 2.0, .lower, 0.5, .flat, .steady),
            ("pace slow to band", 130, 100, .within(pace), 5, .up, .better),
            ("pace fast to band", 150, 200, .within(pace), 5, .down, .better),
            ("pace band to fast", 190, 150, .within(pace), 5, .up, .worse),
            ("pace band to slow", 110, 140, .within(pace), 5, .down, .worse),
            ("pace moving inside band", 160, 125, .within(pace), 5, .up, .steady),
            ("pace overshoots: slow to fast", 200, 100, .within(pace), 5, .up, .worse),
            ("pace slightly closer", 117, 113, .within(pace), 5, .flat, .steady),
        ]
        for c in cases {
            let (arrow, verdict) = Trend.assess(latest: c.latest, baseline: c.baseline, goal: c.goal, tolerance: c.tol)
            XCTAssertEqual(arrow, c.arrow, c.id)
            XCTAssertEqual(verdict, c.verdict, c.id)
        }
    }

    func testPaceGoalComesFromTheBand() {
        XCTAssertEqual(HistoryMetric.wpm.goal, .within(120...165))
    }

    func testTrendBaselineIsMeanOfEarlierSessions() throws {
        let trend = try XCTUnwrap(Trend(metric: .fillersPerMinute, rows: HistoryFixtures.rows))
        XCTAssertEqual(trend.latest, 2.1)
        XCTAssertEqual(trend.baseline, (4 + 9 + 6.5) / 3, accuracy: 1e-12)
        XCTAssertEqual(trend.earlierCount, 3)
    }

    func testSparkline() {
        let cases: [(id: String, values: [Double?], line: String)] = [
            ("ramp", [1, 2, 3, 4, 5, 6, 7, 8], "▁▂▃▄▅▆▇█"),
            ("scaled", [0, 10, 5], "▁█▅"),
            ("flat", [2, 2, 2], "▄▄▄"),
            ("missing", [nil, 1, nil, 3], " ▁ █"),
            ("none", [nil, nil], "  "),
            ("empty", [], ""),
        ]
        for c in cases { XCTAssertEqual(Sparkline.render(c.values), c.line, c.id) }
    }

    func testSparklineCoversTheLast20SessionsOldestFirst() {
        let rows = (0..<25).map { k in
            HistoryRow(id: Int64(25 - k), createdAt: HistoryFixtures.now, drill: "star", sourceName: "x.wav", duration: 60,
                       wpm: nil, fillersPerMinute: nil, pitchSD: nil, cpps: nil, overall: Double(25 - k), tier: "heuristic")
        }
        let line = render(width: nil, rows: rows).split(separator: "\n").first { $0.hasPrefix("  overall") }
        XCTAssertEqual(line.map { String($0.suffix(20)) }, "▁▁▂▂▂▃▃▄▄▄▅▅▅▆▆▇▇▇██")
    }
}
