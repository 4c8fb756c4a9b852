import SavvyASR
@testable import SavvyCLI
@testable import SavvyCoach
import SavvyDSP
import XCTest

final class WebVTTExportTests: XCTestCase {
    func testGolden() throws {
        let text = WebVTTExport.render(transcript: ExportFixtures.transcript, metrics: ExportFixtures.metrics)
        try ExportFixtures.checkGolden("session.vtt", text)
    }

    func testFixtureCues() {
        let text = WebVTTExport.render(transcript: ExportFixtures.transcript, metrics: ExportFixtures.metrics)
        XCTAssertTrue(text.hasPrefix("WEBVTT\n\n"))
        let blocks = text.components(separatedBy: "\n\n").dropFirst(2)
        let cues = blocks.map { $0.split(separator: "\n", maxSplits: 1).map(String.init) }
        XCTAssertEqual(cues.map { $0[0] }, [
            "00:00:00.500 --> 00:00:01.100",  // the 300 ms gap after "um" breaks
            "00:00:01.400 --> 00:00:02.500",  // ends at the long pause
            "00:00:02.900 --> 00:00:03.300",  // the acoustic filled pause on its own
            "00:00:03.800 --> 00:00:05.600",  // ends at the VAD pause before w1
            "00:00:06.000 --> 00:00:11.950",  // twelve words, the most a cue holds
            "00:00:12.000 --> 00:00:12.950",
            "00:00:13.900 --> 00:00:14.000",  // cut at the end of the recording
        ])
        XCTAssertEqual(cues.map { $0[1].trimmingCharacters(in: .newlines) }, [
            "so <i>um</i>", "i led the team", "<i>[filled pause]</i>", "<i>you know</i> \"hi\" basically",
            "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12", "w13 w14", "end",
        ])
    }

    /// Each rule that closes a cue, on its own.
    func testCueBreakRules() {
        func tokens(_ spans: [(Int64, Int64)]) -> [WebVTTExport.Token] {
            spans.enumerated().map { WebVTTExport.Token(start: $0.element.0, end: $0.element.1, text: "w\($0.offset)", filler: nil) }
        }
        let cases: [(id: String, tokens: [WebVTTExport.Token], pauses: [Double], sizes: [Int])] = [
            ("gap below 250 ms keeps one cue", tokens([(0, 400), (649, 1000)]), [], [2]),
            ("gap of 250 ms breaks", tokens([(0, 400), (650, 1000)]), [], [1, 1]),
            ("VAD pause between words breaks", tokens([(0, 400), (450, 800)]), [0.43], [1, 1]),
            ("VAD pause inside a word does not", tokens([(0, 400), (450, 800)]), [0.1], [2]),
            ("13 words make 12 + 1", tokens((0..<13).map { (Int64($0) * 300, Int64($0) * 300 + 250) }), [], [12, 1]),
            ("over 7 s breaks", tokens([(0, 3000), (3100, 6000), (6100, 7100)]), [], [2, 1]),
            ("exactly 7 s stays", tokens([(0, 3000), (3100, 7000)]), [], [2]),
        ]
        for c in cases {
            XCTAssertEqual(WebVTTExport.cues(tokens: c.tokens, pauses: c.pauses, end: 100).map(\.tokens.count), c.sizes, c.id)
        }
    }

    func testCuesNeverOverlapAndHaveLength() {
        let overlapping = [
            WebVTTExport.Token(start: 0, end: 3000, text: "a", filler: nil),
            WebVTTExport.Token(start: 3400, end: 3400, text: "b", filler: nil),
            WebVTTExport.Token(start: 2000, end: 2500, text: "c", filler: nil),
        ].sorted { $0.start < $1.start }
        let cues = WebVTTExport.cues(tokens: overlapping, pauses: [1.5], end: 100)
        for cue in cues { XCTAssertLessThan(cue.start, cue.end) }
        for (a, b) in zip(cues, cues.dropFirst()) { XCTAssertLessThanOrEqual(a.end, b.start) }
    }

    func testTimestampsAndEscaping() {
        XCTAssertEqual(WebVTTExport.timestamp(0), "00:00:00.000")
        XCTAssertEqual(WebVTTExport.timestamp(3_723_045), "01:02:03.045")
        let words = [ExportFixtures.word("<sil>", 0, 0.5), ExportFixtures.word("a&b", 0.5, 1)]
        let text = WebVTTExport.render(transcript: Transcript(words: words, engine: "e", model: "m"),
                                       metrics: ExportFixtures.metrics(fillers: [], pauses: []))
        XCTAssertTrue(text.hasSuffix("00:00:00.000 --> 00:00:01.000\n&lt;sil&gt; a&amp;b\n"), text)
    }

    func testLongCueWrapsAt42VisibleCharacters() {
        let words = (0..<10).map { ExportFixtures.word("abcdefghi", Double($0) * 0.5, Double($0) * 0.5 + 0.45) }
        let lines = WebVTTExport.wrap(WebVTTExport.tokens(transcript: Transcript(words: words, engine: "e", model: "m"),
                                                          fillers: []))
        XCTAssertEqual(lines.count, 3)
        for line in lines { XCTAssertLessThanOrEqual(line.count, WebVTTExport.maxLineCharacters) }
    }
}
