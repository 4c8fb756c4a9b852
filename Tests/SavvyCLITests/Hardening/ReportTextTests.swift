import Foundation
@testable import SavvyCLI
@testable import SavvyCoach
import SavvySession
@testable import SavvyStore
import XCTest

/// Issue 10 item 16: the report speaks to a person — in the terminal, the transcript export and
/// the HTML page. The input is a committed `score --json` document (`Goldens/report-input.json`:
/// a real pocketsphinx scoring of `Fixtures/fillers.wav` with a two-word filler "you know", a 4/5
/// Conciseness and a local model that could not be reached), so the goldens change only when the
/// rendering does.
final class ReportTextTests: XCTestCase {
    private static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    /// Words that name savvy's internals, never shown to a person.
    private static let internalNames = [
        "deliveryMetrics", "structureExtraction", "semanticCoaching", "deterministic", "heuristic", "llm-local",
        "llm-cloud", "requested", "degraded from", "band-", ", green", ", red", ", amber",
    ]

    private func answer() throws -> ScoredAnswer {
        let data = try Data(contentsOf: Self.goldens.appendingPathComponent("report-input.json"))
        return try JSONDecoder().decode(ScoreJSON.self, from: data).answer
    }

    /// The terminal report, byte for byte, and the rules it must keep.
    func testIssue10_item16_reportCardGolden() throws {
        let text = ScoreReport(answer: try answer(), title: "answer.wav", palette: Palette(enabled: false)).render()
        try ExportFixtures.checkGolden("report-card.txt", text)
        XCTAssertTrue(text.contains("[you know]"), text)
        XCTAssertFalse(text.contains("[you] [know]"), text)
        // The label is the score's word: 4/5 is "good" whatever the reason says beside it.
        XCTAssertTrue(text.contains("Conciseness  4/5  ● good  52 s, just short of the 60–120 s target"), text)
        try assertSpeaksToAPerson(text)
    }

    /// The same two-word filler is one bracket in `--transcript-out`.
    func testIssue10_item16_transcriptExportShowsMultiWordFillersWhole() throws {
        let a = try answer()
        let text = TranscriptText.wrap(TranscriptText.marked(a.transcript, fillers: a.metrics.fillers.items,
                                                             palette: Palette(enabled: false)), width: 78, indent: "")
        XCTAssertTrue(text.hasSuffix("the [ah] [so] [like] the the shared [you know]"), text)
    }

    /// The page: the filler is one highlight, tiers and degrades in plain words, a tip's time not
    /// repeated beside the same time, the score's word beside each card.
    func testIssue10_item16_pageSpeaksToAPerson() throws {
        let a = try answer()
        let session = StoredSession(
            id: 1, createdAt: Date(timeIntervalSince1970: 1_800_000_000), drill: "free", prompt: "",
            audioPath: "recordings/x.wav", audioSHA256: "00", audioBytes: 1, duration: a.metrics.durationSeconds,
            sampleRate: 16_000, sourceName: "answer.wav", transcriptJSON: Data(), asrEngine: "pocketsphinx",
            asrModel: "en-us", metricsJSON: Data(), metricsVersion: 1, lexiconVersion: nil, wpm: nil,
            fillersPerMinute: nil, pitchSD: nil, cpps: nil)
        let page = SessionReportPage(input: SessionReportInput(session: session, answer: a, scoringCount: 1, tracks: nil,
                                                               tracksNote: nil)).render()
        XCTAssertTrue(page.contains("title=\"filler “you know” at 0:08.3\"><span class=\"w\""), "one highlight for the two words")
        XCTAssertTrue(page.contains("structure: local rubric"), "plain tier names in the header")
        XCTAssertTrue(page.contains("coaching: the local model smollm2 was not used (unreachable: connection refused); "
                                    + "the local rubric judged instead"), "plain degrade line")
        XCTAssertTrue(page.contains("4/5 <span class=\"badge band-green\"></span> good</span>"))
        XCTAssertTrue(page.contains("8 fillers (49.0/min) at 0:00, 0:01, 0:02</div>"), "the evidence's own times, not again beside them")
        // Visible text only: tags and CSS class names are not read by a person. The timeline's
        // axis is a row of times by design; the rules apply to every section of words.
        let visible = page.replacingOccurrences(of: "<style>[\\s\\S]*?</style>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "<svg[\\s\\S]*?</svg>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "<(li|p|div|h[1-3]|tr)[ >]", with: "\n<$1 ", options: .regularExpression)
            .replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        try assertSpeaksToAPerson(visible)
    }

    /// Conciseness: the reason grades the miss in the same steps as the score.
    func testIssue10_item16_concisenessReasonAgreesWithItsScore() {
        let target = DurationRange(minSeconds: 60, maxSeconds: 120)
        let cases: [(seconds: Double, score: Int, words: String)] = [
            (90, 5, "within"), (55, 4, "just short of"), (130, 4, "just over"), (45, 3, "short of"),
            (150, 3, "over"), (30, 2, "well short of"), (300, 1, "well over"),
        ]
        for c in cases {
            var summary = DeliverySummary(metrics: ExportFixtures.metrics)
            summary.durationSeconds = c.seconds
            let scored = DeliveryRubric.conciseness(summary, target: target)
            XCTAssertEqual(scored.score, c.score, "\(c.seconds) s")
            XCTAssertEqual(scored.reason, "\(Int(c.seconds)) s, \(c.words) the 60–120 s target")
        }
    }

    /// No internal names, no bracket inside a bracket, no time said twice on one line.
    private func assertSpeaksToAPerson(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for name in Self.internalNames {
            XCTAssertFalse(text.contains(name), "internal name '\(name)'", file: file, line: line)
        }
        for row in text.split(separator: "\n") {
            var depth = 0, deepest = 0
            for character in row {
                if "([".contains(character) { depth += 1; deepest = max(deepest, depth) }
                if ")]".contains(character) { depth -= 1 }
            }
            XCTAssertLessThanOrEqual(deepest, 1, "nested brackets: \(row)", file: file, line: line)
            let times = try NSRegularExpression(pattern: "\\b\\d+:\\d\\d(\\.\\d)?\\b").matches(in: String(row), range: NSRange(row.startIndex..., in: row))
                .map { (String(row) as NSString).substring(with: $0.range) }
            XCTAssertEqual(times.count, Set(times).count, "a time repeated: \(row)", file: file, line: line)
        }
    }
}
