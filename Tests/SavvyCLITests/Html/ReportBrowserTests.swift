import Foundation
import SavvyTestSupport
import XCTest

/// End-to-end: score two answers, write the session report and the progress page with the built
/// binary, and open both in headless Chromium — every section present, one filler mark per
/// counted filler, no console message, no network request — saving screenshots in
/// `.build/test-output/ReportBrowserTests/`.
final class ReportBrowserTests: XCTestCase {
    /// One data folder for the class, scored once (two sessions): scoring is the slow part, and
    /// the tests only read it (the missing-recording test works on a copy).
    nonisolated(unsafe) private static var shared: TemporaryDirectory?
    nonisolated(unsafe) private static var setupError: String?
    nonisolated(unsafe) private static var scoreOutput = ""
    private var home: TemporaryDirectory { Self.shared! }

    override class func setUp() {
        super.setUp()
        do {
            let dir = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: dir.path("pages"), withIntermediateDirectories: true)
            let run = try BinaryRun.savvy(
                ["score", PackagePaths.fixture("fillers.wav"), PackagePaths.fixture("star-answer.wav"), "--jobs", "2",
                 "--drill", "star", "--asr", "pocketsphinx", "--coach", "heuristic",
                 "--prompt", "Tell me about a time you fixed a production problem.", "--report", dir.path("pages")],
                environment: ["SAVVY_HOME": dir.path])
            if run.exitCode != 0 { setupError = run.stderr }
            scoreOutput = run.stdout
            shared = dir
        } catch {
            setupError = "\(error)"
        }
    }

    override class func tearDown() {
        shared = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        if let problem = Self.setupError { XCTFail("scoring the fixtures failed: \(problem)") }
    }

    private func savvy(_ args: [String], home: TemporaryDirectory? = nil) throws -> BinaryRun {
        let run = try BinaryRun.savvy(args, environment: ["SAVVY_HOME": (home ?? self.home).path])
        XCTAssertEqual(run.exitCode, 0, "\(args): \(run.stderr)")
        return run
    }

    private static let outputFolder = PackagePaths.root.appendingPathComponent(".build/test-output/ReportBrowserTests")

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testIssue11_reportAndProgressOpenInABrowserWithEverySectionAndNoNetwork() throws {
        guard let browser = HeadlessBrowser() else {
            throw XCTSkip("chromium is not installed ('make test' installs it)")
        }
        let shown = try savvy(["show", "1", "--json"])
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let fillers = try XCTUnwrap(((doc["metrics"] as? [String: Any])?["fillers"] as? [String: Any])?["count"] as? Int)
        XCTAssertGreaterThan(fillers, 0, "the fixture has fillers, so the count check means something")

        let out = try TemporaryDirectory()
        let reportPath = out.path("report.html"), progressPath = out.path("progress.html")
        XCTAssertEqual(try savvy(["report", "1", "--out", reportPath]).stdout, reportPath + "\n")
        XCTAssertEqual(try savvy(["progress", "--out", progressPath]).stdout, progressPath + "\n")

        let report = try browser.load(URL(fileURLWithPath: reportPath))
        for id in ["summary", "timeline", "transcript", "delivery", "rubric", "tips", "quality"] {
            XCTAssertTrue(report.dom.contains("id=\"\(id)\""), "report section \(id)")
        }
        XCTAssertEqual(count("class=\"filler-mark", in: report.dom), fillers, "timeline marks = the JSON's filler count")
        XCTAssertEqual(count("<mark class=\"filler", in: report.dom), fillers, "transcript highlights = the JSON's filler count")
        XCTAssertTrue(report.dom.contains("class=\"envelope\"") && report.dom.contains("class=\"pitch\""),
                      "loudness and pitch come from the stored recording")
        XCTAssertEqual(report.console, [], "no console messages (a blocked fetch or script would log one)")
        XCTAssertEqual(report.requests, [], "the report makes no network request")

        let progress = try browser.load(URL(fileURLWithPath: progressPath))
        for id in ["summary", "charts", "sessions"] {
            XCTAssertTrue(progress.dom.contains("id=\"\(id)\""), "progress section \(id)")
        }
        XCTAssertEqual(count("class=\"chart\"", in: progress.dom), 7, "one chart per metric")
        XCTAssertEqual(count("class=\"baseline\"", in: progress.dom), 7, "two sessions: every chart has a baseline")
        XCTAssertEqual(count("class=\"point best\"", in: progress.dom), 7, "one best session per chart")
        XCTAssertEqual(count("<tr><td>", in: progress.dom), 2, "one table row per session")
        XCTAssertEqual(progress.console, [])
        XCTAssertEqual(progress.requests, [])

        try FileManager.default.createDirectory(at: Self.outputFolder, withIntermediateDirectories: true)
        for (page, name, height, dark) in [(reportPath, "report.png", 2000, false), (reportPath, "report-dark.png", 1100, true),
                                           (progressPath, "progress.png", 1800, false)] {
            let png = Self.outputFolder.appendingPathComponent(name)
            try browser.screenshot(URL(fileURLWithPath: page), to: png, width: 1200, height: height, dark: dark)
            let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int)
            XCTAssertGreaterThan(size, 20_000, "\(name) holds a rendered page, not a blank one")
        }
    }

    /// The request check itself can fail: the same report with its policy removed and one
    /// external image makes exactly that request.
    func testIssue11_theNetworkCheckSeesARequestWhenThereIsOne() throws {
        guard let browser = HeadlessBrowser() else {
            throw XCTSkip("chromium is not installed ('make test' installs it)")
        }
        let dir = try TemporaryDirectory()
        let page = dir.url.appendingPathComponent("leaky.html")
        try "<!DOCTYPE html><html><body><img src=\"http://127.0.0.1:9/pixel.png\" alt=\"\"></body></html>"
            .write(to: page, atomically: true, encoding: .utf8)
        let load = try browser.load(page)
        XCTAssertEqual(load.requests, ["http://127.0.0.1:9/pixel.png"])
    }

    func testScoreWithReportWritesOnePagePerSessionIntoTheFolder() throws {
        for id in [1, 2] {
            let page = home.path("pages/session-\(id).html")
            XCTAssertTrue(Self.scoreOutput.contains("report: \(page)\n"), Self.scoreOutput)
            XCTAssertTrue(try String(contentsOfFile: page, encoding: .utf8).contains("id=\"timeline\""))
        }
        let cases: [(id: String, args: [String], says: String)] = [
            ("no-save", ["score", PackagePaths.fixture("fillers.wav"), "--no-save", "--report", home.path("x.html")], "drop '--no-save'"),
            ("stdout", ["score", PackagePaths.fixture("fillers.wav"), "--report", "-"], "needs a file"),
            ("not-a-folder", ["score", PackagePaths.fixture("fillers.wav"), PackagePaths.fixture("fillers.wav"),
                              "--report", home.path("x.html")], "must be an existing folder"),
            ("practice-stdout", ["practice", "--report", "-"], "needs a file"),
        ]
        for c in cases {
            let run = try BinaryRun.savvy(c.args, environment: ["SAVVY_HOME": home.path])
            XCTAssertEqual(run.exitCode, 64, "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(c.says), "\(c.id): \(run.stderr)")
        }
    }

    func testReportToStdoutAndErrors() throws {
        let page = try savvy(["report", "last", "--out", "-"])
        XCTAssertTrue(page.stdout.hasPrefix("<!DOCTYPE html>"), String(page.stdout.prefix(80)))
        XCTAssertTrue(page.stdout.contains("id=\"timeline\""))
        // The default place is <data>/reports/session-ID.html, and progress links to it from beside it.
        let written = try savvy(["report", "1"])
        XCTAssertEqual(written.stdout, home.path("reports/session-1.html") + "\n")
        let progress = try savvy(["progress", "--out", "-"])
        XCTAssertTrue(progress.stdout.contains("file://" + home.path("reports/session-1.html")), "a link to the written report")

        let cases: [(id: String, args: [String], code: Int32, says: String)] = [
            ("missing-session", ["report", "9"], 1, "no session 9"),
            ("bad-id", ["report", "x"], 64, "'x' is not a session id"),
            ("bad-since", ["progress", "--since", "soon"], 64, "expects a date"),
            ("unknown-drill", ["progress", "--drill", "sonnet"], 64, "unknown drill 'sonnet'"),
            ("unwritable", ["report", "1", "--out", "/proc/savvy/report.html"], 1, "cannot write '/proc/savvy/report.html'"),
        ]
        for c in cases {
            let run = try BinaryRun.savvy(c.args, environment: ["SAVVY_HOME": home.path])
            XCTAssertEqual(run.exitCode, c.code, "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(c.says), "\(c.id): \(run.stderr)")
        }
    }

    func testMissingRecordingStillWritesThePageAndSaysWhy() throws {
        let copy = try TemporaryDirectory()
        // The database without its recordings folder (and its WAL, should one be left).
        for name in ["savvy.db", "savvy.db-wal"] where FileManager.default.fileExists(atPath: home.path(name)) {
            try FileManager.default.copyItem(atPath: home.path(name), toPath: copy.path(name))
        }
        let page = try savvy(["report", "last", "--out", "-"], home: copy).stdout
        XCTAssertTrue(page.contains("loudness and pitch are not drawn"), page)
        XCTAssertTrue(page.contains("id=\"transcript\""))
        XCTAssertFalse(page.contains("class=\"envelope\""))
    }
}
