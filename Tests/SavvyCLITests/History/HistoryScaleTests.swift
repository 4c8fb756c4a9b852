import Foundation
import XCTest
import SavvyTestSupport
@testable import SavvyCLI
import SavvyCoach
import SavvySession
@testable import SavvyStore

/// Issue 13 item 4: `history` at scale. The table shows the latest sessions and says how many
/// more there are; `--all`, `--limit` and the machine formats list what they always listed.
final class HistoryScaleTests: XCTestCase {
    private var home: TemporaryDirectory!
    /// Sessions stored by `setUp`: more than a table shows by default, in two drills.
    private let stored = HistoryCommand.defaultTableRows + 7
    private let starSessions = 20

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        let audio = home.url.appendingPathComponent("answer.wav")
        try Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: audio)
        let store = try SessionStore(location: DataLocation(directory: home.url))
        for index in 0..<stored {
            // a minute apart, the star sessions the oldest
            let date = Date(timeIntervalSince1970: 1_764_000_000 + Double(index) * 60)
            _ = try store.insertSession(
                NewSession(createdAt: date, drill: index < starSessions ? "star" : "pitch", prompt: "Tell me.",
                           audioSource: audio, duration: 30, sampleRate: 16_000, transcriptJSON: Data("{}".utf8),
                           asrEngine: "pocketsphinx", asrModel: "en-us", metricsJSON: Data("{}".utf8), metricsVersion: 1,
                           wpm: 120 + Double(index % 9), fillersPerMinute: 2, pitchSD: 3, cpps: 10),
                scoring: NewScoring(createdAt: date, tier: "heuristic", model: nil, rubricVersion: "r",
                                    overall: 3, rubricJSON: Data("{}".utf8), routerJSON: Data("{}".utf8)))
        }
    }

    private func run(_ args: [String]) -> (out: String, err: String, status: ExitStatus) {
        let out = BufferSink(), err = BufferSink()
        let status = SavvyCLI.run(arguments: args, environment: ["SAVVY_HOME": home.path], stdout: out, stderr: err)
        return (out.text, err.text, status)
    }

    /// Session ids in a table's rows (the lines under the header up to the first blank line).
    private func tableIDs(_ text: String) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        return lines.prefix { !$0.isEmpty }.compactMap { Int($0.split(separator: " ").first ?? "") }
    }

    func testIssue13_tableShowsTheLatestSessionsAndHowManyMore() throws {
        let run = run(["history"])
        XCTAssertEqual(run.status, .success, run.err)
        let ids = tableIDs(run.out)
        XCTAssertEqual(ids, Array((stored - HistoryCommand.defaultTableRows + 1...stored).reversed()))
        let hidden = stored - HistoryCommand.defaultTableRows
        XCTAssertTrue(run.out.contains(HistoryTable.hiddenLine(hidden, shown: HistoryCommand.defaultTableRows) + "\n"),
                      run.out)
        // the trends are over the rows shown, as the line says
        XCTAssertTrue(run.out.contains("(\(HistoryCommand.defaultTableRows - 1) earlier)"), run.out)
    }

    func testIssue13_allLimitFiltersAndMachineFormatsAreNotCut() throws {
        let all = run(["history", "--all"])
        XCTAssertEqual(all.status, .success, all.err)
        XCTAssertEqual(tableIDs(all.out), Array((1...stored).reversed()))
        XCTAssertFalse(all.out.contains("not shown"))
        XCTAssertTrue(all.out.contains("(\(stored - 1) earlier)"))

        let limited = run(["history", "--limit", "5"])
        XCTAssertEqual(tableIDs(limited.out), Array((stored - 4...stored).reversed()))
        XCTAssertFalse(limited.out.contains("not shown"), "an explicit limit needs no reminder")

        let star = run(["history", "--drill", "star"])
        XCTAssertEqual(tableIDs(star.out), Array((1...starSessions).reversed()))
        XCTAssertFalse(star.out.contains("not shown"))

        let json = run(["history", "--json"])
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, stored)
        func lines(_ text: String) -> Int { text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        XCTAssertEqual(lines(run(["history", "--ids"]).out), stored)
        XCTAssertEqual(lines(run(["history", "--csv"]).out), stored + 1, "a header and every session (CRLF lines)")
    }

    /// `--json` is written row by row from the database: the same bytes as the rows encoded in
    /// one piece, filters applied, and an unknown drill is still only a usage error.
    func testIssue13_streamedJSONIsTheGenericEncodingOfTheRows() throws {
        let store = try SessionStore(location: DataLocation(directory: home.url))
        for args in [["history", "--json"], ["history", "--json", "--drill", "star"], ["history", "--json", "--limit", "3"]] {
            let run = run(args)
            XCTAssertEqual(run.status, .success, run.err)
            let rows = try store.history(drill: args.contains("star") ? "star" : nil, limit: args.contains("3") ? 3 : nil)
            XCTAssertEqual(run.out, try StableJSON.encode(rows.map(HistoryJSONRow.init)), "\(args)")
        }
        let typo = run(["history", "--json", "--drill", "strr"])
        XCTAssertEqual(typo.status, .usage)
        XCTAssertEqual(typo.out, "", "nothing is written before the drill is known to be wrong")
        let empty = run(["history", "--json", "--since", "2030-01-01"])
        XCTAssertEqual(empty.status, .success, empty.err)
        XCTAssertEqual(empty.out, try StableJSON.encode([HistoryJSONRow]()))
    }

    func testIssue13_countMatchesTheFilters() throws {
        let store = try SessionStore(location: DataLocation(directory: home.url))
        XCTAssertEqual(try store.historyCount(), stored)
        XCTAssertEqual(try store.historyCount(drill: "star"), starSessions)
        XCTAssertEqual(try store.historyCount(drill: "pitch", since: Date(timeIntervalSince1970: 1_764_000_000 + 30 * 60)),
                       stored - 30)
        XCTAssertEqual(try store.historyCount(drill: "nope"), 0)
    }

    func testIssue13_allIsForTheTable() {
        let cases: [(id: String, args: [String], message: String)] = [
            ("A1-all-limit", ["history", "--all", "--limit", "3"], "choose one of '--all' and '--limit'"),
            ("A2-all-json", ["history", "--all", "--json"], "'--all' is for the table"),
            ("A3-all-ids", ["history", "--all", "--ids"], "'--all' is for the table"),
        ]
        for c in cases {
            let run = run(c.args)
            XCTAssertEqual(run.status, .usage, c.id)
            XCTAssertTrue(run.err.contains(c.message), "\(c.id): \(run.err)")
            XCTAssertEqual(run.out, "", c.id)
        }
    }

    /// `practice` picks the drill's next prompt from how many sessions of that drill exist,
    /// counted over the index; sessions of other drills do not move it on.
    func testIssue13_practiceTakesTheNextPromptFromTheDrillsCount() throws {
        let store = try SessionStore(location: DataLocation(directory: home.url))
        let star = BuiltInDrills.star
        XCTAssertEqual(try PracticeCommand.nextPrompt(star, store: store), star.prompts[starSessions % star.prompts.count])
        let pitch = BuiltInDrills.elevatorPitch
        XCTAssertEqual(try PracticeCommand.nextPrompt(pitch, store: store),
                       pitch.prompts[(stored - starSessions) % pitch.prompts.count])
    }
}
