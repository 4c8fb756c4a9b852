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

    /// The pocketsphinx second opinion hears at most a budget of a long recording: all of it when
    /// it fits (so every answer up to the budget is checked exactly as before), else stretches
    /// spread evenly from start to end whose lengths fit the budget.
    func testIssue13_sampleOfStretchesFitsTheBudgetAndSpreadsOverTheRecording() {
        let minute = TranscriptionWindows(spans: (0..<120).map { span(Double($0) * 60, Double($0 + 1) * 60) })
        let middles: [Double] = (0..<10).map { (part: Int) -> Double in
            let index = (2 * part + 1) * 120 / 20
            return Double(index) * 60
        }
        // 10 s and 90 s in turn (mean 50 s): 6 at even steps are the six 90 s ones (540 s),
        // so 5 are taken (90 + 90 + 10 + 10 + 10 s)
        let uneven = TranscriptionWindows(spans: (0..<12).map { (index: Int) -> TimeSpan in
            let start = Double(index) * 100
            return span(start, start + (index % 2 == 0 ? 10 : 90))
        })
        let cases: [(id: String, windows: TranscriptionWindows, budget: Double, picked: [Double])] = [
            ("fits: all of it", TranscriptionWindows(spans: [span(0, 60), span(60, 100)]), 600, [0, 60]),
            ("exactly the budget", TranscriptionWindows(spans: [span(0, 300), span(300, 600)]), 600, [0, 300]),
            ("two hours into ten minutes: one stretch in the middle of each tenth", minute, 600, middles),
            ("one stretch longer than the budget is still heard", TranscriptionWindows(spans: [span(0, 60), span(60, 120)]), 30, [60]),
            ("uneven: fewer stretches until they fit", uneven, 300, [100, 300, 600, 800, 1000]),
        ]
        for c in cases {
            let sample = c.windows.sample(seconds: c.budget)
            XCTAssertEqual(sample.spans.map(\.start), c.picked, c.id)
            XCTAssertTrue(sample.spans.allSatisfy { c.windows.spans.contains($0) }, c.id)
            let total = sample.spans.reduce(0) { $0 + $1.duration }
            XCTAssertTrue(total <= c.budget || sample.spans.count == 1, c.id)
        }
        XCTAssertEqual(minute.sample(seconds: 600), minute.sample(seconds: 600), "the same sample every time")
    }

    func testIssue13_windowSettingIsReadFromTheEnvironment() throws {
        XCTAssertEqual(try TranscriptionWindows.maximumSeconds(environment: [:]), TranscriptionWindows.defaultMaximumSeconds)
        XCTAssertEqual(try TranscriptionWindows.maximumSeconds(environment: ["SAVVY_ASR_WINDOW_SECONDS": "40"]), 40)
        XCTAssertThrowsError(try TranscriptionWindows.maximumSeconds(environment: ["SAVVY_ASR_WINDOW_SECONDS": "inf"]))
        XCTAssertNil(try RecordingAnalysis.blockSeconds(environment: ["SAVVY_ANALYSIS_BLOCK_SECONDS": "whole"]))
        XCTAssertEqual(try RecordingAnalysis.blockSeconds(environment: ["SAVVY_ANALYSIS_BLOCK_SECONDS": "7.3"]), 7.3)
    }
}
