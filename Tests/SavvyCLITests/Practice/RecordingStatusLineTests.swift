import XCTest
@testable import SavvyCLI
@testable import SavvySession

/// The live status line: content, colour choices and the terminal-width limit.
final class RecordingStatusLineTests: XCTestCase {
    private func snapshot(partial: String? = nil, level: Double? = -30, silence: Double? = nil) -> RecordingStatusLine.Snapshot {
        RecordingStatusLine.Snapshot(
            elapsedSeconds: 7.43, targetSeconds: 90, levelDBFS: level, thresholdDBFS: -40, clipping: false,
            silenceSeconds: silence, partialTranscript: partial
        )
    }

    /// Printed columns: the text after the clear sequence, without colour codes.
    private func visibleWidth(_ line: String) -> Int {
        let body = line.replacingOccurrences(of: RecordingStatusLine.clear, with: "")
        return body.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression).count
    }

    func testPlainLine() {
        let line = RecordingStatusLine(palette: Palette(enabled: false), columns: 80).render(snapshot(silence: 0.8))
        XCTAssertEqual(line, RecordingStatusLine.clear + "● 0:07.4 / 1:30.0  ▕██████████··········▏ -30 dB  silence 0.8 s")
    }

    func testMeterCells() {
        let cases: [(level: Double?, cells: Int)] = [(nil, 0), (-120, 0), (-60, 0), (-58.6, 0), (-58.4, 1), (-30, 10), (-3, 19), (0, 20), (3, 20)]
        for testCase in cases {
            XCTAssertEqual(RecordingStatusLine.filledCells(testCase.level), testCase.cells, "\(String(describing: testCase.level))")
        }
    }

    func testLineNeverWrapsAndKeepsTheNewestWords() {
        let partial = "so the situation was that our release was two weeks late and the task was to recover it"
        for columns in [20, 40, 60, 80, 120, 200] {
            for palette in [Palette(enabled: false), Palette(enabled: true)] {
                let line = RecordingStatusLine(palette: palette, columns: columns).render(snapshot(partial: partial))
                XCTAssertLessThanOrEqual(visibleWidth(line), max(columns - 1, 17), "\(columns) columns")
                XCTAssertTrue(line.hasPrefix(RecordingStatusLine.clear))
            }
        }
        let line = RecordingStatusLine(palette: Palette(enabled: false), columns: 80).render(snapshot(partial: partial))
        XCTAssertTrue(line.hasSuffix("to recover it"), line)
        XCTAssertTrue(line.contains("  …"), line)
        XCTAssertEqual(visibleWidth(line), 79)
    }

    func testColoursMarkSpeechOverTargetAndDimTheTranscript() {
        let palette = Palette(enabled: true)
        let renderer = RecordingStatusLine(palette: palette, columns: 120)
        var loud = snapshot(partial: "hello", level: -20)
        loud.elapsedSeconds = 95
        let line = renderer.render(loud)
        XCTAssertTrue(line.contains(palette.green(String(repeating: "█", count: 13))), line.debugDescription)
        XCTAssertTrue(line.contains(palette.yellow("1:35.0 / 1:30.0")), line.debugDescription)
        XCTAssertTrue(line.hasSuffix(palette.dim("hello")), line.debugDescription)
        let quiet = renderer.render(snapshot(level: -50))
        XCTAssertFalse(quiet.contains("\u{1B}[32m"), "below the speech threshold the bar is not green")
    }
}
