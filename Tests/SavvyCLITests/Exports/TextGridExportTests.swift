import SavvyASR
@testable import SavvyCLI
@testable import SavvyCoach
import SavvyDSP
import XCTest

final class TextGridExportTests: XCTestCase {
    /// A parsed IntervalTier: name, declared bounds and intervals, read back from the text.
    struct ParsedTier {
        var name: String
        var xmin: Double
        var xmax: Double
        var declaredSize: Int
        var intervals: [(xmin: Double, xmax: Double, text: String)]
    }

    /// Reads the long-format text back line by line; just enough of Praat's grammar for savvy's
    /// own output.
    static func parse(_ text: String) throws -> (xmax: Double, tiers: [ParsedTier]) {
        func value(_ line: Substring) -> String {
            var v = String(line.split(separator: "=", maxSplits: 1)[1])
            while v.hasPrefix(" ") { v.removeFirst() }
            while v.hasSuffix(" ") { v.removeLast() }
            return v
        }
        func unquote(_ s: String) throws -> String {
            guard s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") else { throw CocoaError(.formatting) }
            return String(s.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }
        guard lines.count > 7, lines[0] == "File type = \"ooTextFile\"", lines[1] == "Object class = \"TextGrid\"" else {
            throw CocoaError(.formatting)
        }
        var tiers: [ParsedTier] = []
        var xmax = 0.0
        var pending: (xmin: Double, xmax: Double)?
        for line in lines {
            if line.hasPrefix("xmax = "), tiers.isEmpty, pending == nil { xmax = Double(value(line)) ?? .nan }
            if line.hasPrefix("name = ") {
                tiers.append(ParsedTier(name: try unquote(value(line)), xmin: .nan, xmax: .nan, declaredSize: -1, intervals: []))
            } else if line.hasPrefix("intervals: size = ") {
                tiers[tiers.count - 1].declaredSize = Int(value(line)) ?? -1
            } else if line.hasPrefix("intervals [") {
                pending = (.nan, .nan)
            } else if line.hasPrefix("xmin = "), !tiers.isEmpty {
                if pending != nil { pending!.xmin = Double(value(line)) ?? .nan } else { tiers[tiers.count - 1].xmin = Double(value(line)) ?? .nan }
            } else if line.hasPrefix("xmax = "), !tiers.isEmpty {
                if pending != nil { pending!.xmax = Double(value(line)) ?? .nan } else { tiers[tiers.count - 1].xmax = Double(value(line)) ?? .nan }
            } else if line.hasPrefix("text = "), let p = pending {
                tiers[tiers.count - 1].intervals.append((p.xmin, p.xmax, try unquote(value(line))))
                pending = nil
            }
        }
        return (xmax, tiers)
    }

    /// Every tier tiles 0…duration: starts at 0, ends at xmax, each interval has length and
    /// meets the next exactly, and the declared size matches.
    func assertTiles(_ text: String, duration: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let grid = try Self.parse(text)
        XCTAssertEqual(grid.xmax, duration, file: file, line: line)
        XCTAssertEqual(grid.tiers.map(\.name), ["words", "fillers", "pauses", "sentences"], file: file, line: line)
        for tier in grid.tiers {
            XCTAssertEqual(tier.xmin, 0, tier.name, file: file, line: line)
            XCTAssertEqual(tier.xmax, duration, tier.name, file: file, line: line)
            XCTAssertEqual(tier.declaredSize, tier.intervals.count, tier.name, file: file, line: line)
            XCTAssertEqual(tier.intervals.first?.xmin, 0, tier.name, file: file, line: line)
            XCTAssertEqual(tier.intervals.last?.xmax, duration, tier.name, file: file, line: line)
            for (a, b) in zip(tier.intervals, tier.intervals.dropFirst()) {
                XCTAssertEqual(a.xmax, b.xmin, "\(tier.name): gap or overlap at \(a.xmax)", file: file, line: line)
            }
            for interval in tier.intervals where duration > 0 {
                XCTAssertLessThan(interval.xmin, interval.xmax, "\(tier.name): empty interval", file: file, line: line)
            }
        }
    }

    func testGolden() throws {
        let text = TextGridExport.render(transcript: ExportFixtures.transcript, metrics: ExportFixtures.metrics,
                                         duration: ExportFixtures.duration)
        try ExportFixtures.checkGolden("session.TextGrid", text)
    }

    func testFixtureTilesAndRepairs() throws {
        let text = TextGridExport.render(transcript: ExportFixtures.transcript, metrics: ExportFixtures.metrics,
                                         duration: ExportFixtures.duration)
        try assertTiles(text, duration: ExportFixtures.duration)
        let tiers = try Self.parse(text).tiers
        let words = tiers[0].intervals.filter { !$0.text.isEmpty }
        // The overlap moves "led" to start where "i" ends; the zero-length "the" joins "led".
        XCTAssertEqual(words.first { $0.text.hasPrefix("led") }.map { [$0.xmin, $0.xmax] }, [1.7, 2.0])
        XCTAssertTrue(words.contains { $0.text == "led the" })
        // The word past the end is cut at the end of the recording.
        XCTAssertEqual(words.last?.text, "end")
        XCTAssertEqual(words.last?.xmax, 14)
        XCTAssertEqual(tiers[1].intervals.filter { !$0.text.isEmpty }.map(\.text), ["um", "<filled pause>", "you know"])
        XCTAssertEqual(tiers[2].intervals.filter { !$0.text.isEmpty }.map(\.text), ["long", "normal"])
        XCTAssertTrue(text.contains("text = \"\"\"hi\"\"\" "), "quotes are doubled")
    }

    /// Seeded random word lists with overlaps, zero lengths, reversed and out-of-range times:
    /// the tiers still tile, and every word survives in time order.
    func testRandomWordsAlwaysTile() throws {
        var rng = SeededGenerator(state: 42)
        for trial in 0..<200 {
            let duration = Double(Int.random(in: 1...40_000, using: &rng)) / 1000
            let words = (0..<Int.random(in: 0...30, using: &rng)).map { k -> TranscriptWord in
                let start = Double.random(in: -0.5...(duration + 0.5), using: &rng)
                let end = start + Double.random(in: -0.1...1.0, using: &rng)
                return TranscriptWord(text: "w\(k)", start: start, end: end, confidence: 1)
            }
            let transcript = Transcript(words: words, engine: "test", model: "test")
            let text = TextGridExport.render(transcript: transcript, metrics: ExportFixtures.metrics(fillers: [], pauses: []),
                                             duration: duration)
            try assertTiles(text, duration: duration)
            let labels = try Self.parse(text).tiers[0].intervals.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
            let ordered = words.enumerated().map { (k: $0.offset, w: $0.element) }
                .sorted { (min(max(IntervalTier.ticks($0.w.start), 0), IntervalTier.ticks(duration)), $0.k)
                    < (min(max(IntervalTier.ticks($1.w.start), 0), IntervalTier.ticks(duration)), $1.k) }
                .map(\.w.text).joined(separator: " ")
            let anyRoom = words.contains { word in
                let s = min(max(IntervalTier.ticks(word.start), 0), IntervalTier.ticks(duration))
                return min(max(IntervalTier.ticks(word.end), s), IntervalTier.ticks(duration)) > s
            }
            if anyRoom { XCTAssertEqual(labels, ordered, "trial \(trial)") }
        }
    }

    func testSecondsFormatting() {
        let cases: [(id: String, ticks: Int64, text: String)] = [
            ("zero", 0, "0"), ("whole", 14_000_000, "14"), ("half", 1_500_000, "1.5"),
            ("micro", 12_000_125, "12.000125"), ("small", 5, "0.000005"),
        ]
        for c in cases { XCTAssertEqual(TextGridExport.seconds(c.ticks), c.text, c.id) }
    }

    func testEmptyTranscriptIsOneEmptyIntervalPerTier() throws {
        let text = TextGridExport.render(transcript: Transcript(words: [], engine: "e", model: "m"),
                                         metrics: ExportFixtures.metrics(fillers: [], pauses: []), duration: 2.5)
        try assertTiles(text, duration: 2.5)
        XCTAssertEqual(try Self.parse(text).tiers.map(\.intervals.count), [1, 1, 1, 1])
    }
}
