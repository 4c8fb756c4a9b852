import SavvyDSP
import SavvySession
import XCTest

/// Issue 13 item 1: where a long recording is cut for recognition.
final class TranscriptionWindowsTests: XCTestCase {
    private func span(_ start: Double, _ end: Double) -> TimeSpan { TimeSpan(start: start, end: end) }

    func testIssue13_windowsAreCutInTheLongestLatePause() {
        let cases: [(id: String, duration: Double, speech: [TimeSpan], maximum: Double, cuts: [Double])] = [
            ("short: the whole file", 299, [span(1, 298)], 300, []),
            ("exactly the maximum", 300, [span(1, 299)], 300, []),
            ("no pause: cut at the maximum", 700, [span(0, 700)], 300, [300, 600]),
            // gaps 120–124 (too early), 200–201, 250–253 (longest late one), 299–300
            ("longest pause in the second half", 500,
             [span(0, 120), span(124, 200), span(201, 250), span(253, 299), span(300, 500)], 300, [251.5]),
            ("a pause past the limit does not count", 420, [span(0, 280), span(281, 305), span(310, 420)], 300, [280.5]),
        ]
        for c in cases {
            let windows = TranscriptionWindows.plan(duration: c.duration, speech: c.speech, maximumSeconds: c.maximum)
            XCTAssertEqual(windows.spans.dropLast().map(\.end), c.cuts, c.id)
            XCTAssertEqual(windows.spans.first?.start, 0, c.id)
            XCTAssertEqual(windows.spans.last?.end, c.duration, c.id)
            for (a, b) in zip(windows.spans, windows.spans.dropFirst()) { XCTAssertEqual(a.end, b.start, c.id) }
            XCTAssertTrue(windows.spans.allSatisfy { $0.duration <= c.maximum && $0.duration > 0 }, c.id)
        }
    }

    func testIssue13_windowSettingIsReadFromTheEnvironment() throws {
        XCTAssertEqual(try TranscriptionWindows.maximumSeconds(environment: [:]), TranscriptionWindows.defaultMaximumSeconds)
        XCTAssertEqual(try TranscriptionWindows.maximumSeconds(environment: ["SAVVY_ASR_WINDOW_SECONDS": "40"]), 40)
        XCTAssertThrowsError(try TranscriptionWindows.maximumSeconds(environment: ["SAVVY_ASR_WINDOW_SECONDS": "inf"]))
        XCTAssertNil(try RecordingAnalysis.blockSeconds(environment: ["SAVVY_ANALYSIS_BLOCK_SECONDS": "whole"]))
        XCTAssertEqual(try RecordingAnalysis.blockSeconds(environment: ["SAVVY_ANALYSIS_BLOCK_SECONDS": "7.3"]), 7.3)
    }
}
