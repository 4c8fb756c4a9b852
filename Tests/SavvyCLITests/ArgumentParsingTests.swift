import XCTest
@testable import SavvyCLI

/// Table-driven checks of the flag parser and of the one error path.
final class ArgumentParsingTests: XCTestCase {
    private let spec = CommandSpec(
        name: "demo", summary: "a demo command",
        positionals: [PositionalSpec("FILE", help: "an audio file", variadic: true)],
        flags: [
            FlagSpec("json", help: "print JSON"),
            FlagSpec("since", value: "DATE", help: "only newer"),
            FlagSpec("jobs", value: "N", help: "parallel jobs", default: "1"),
            FlagSpec("asr", value: "ENGINE", help: "engine", choices: ["auto", "pocketsphinx", "whisper"]),
        ])

    func testParsesFlagsValuesAndPositionals() throws {
        let p = try ParsedArguments.parse(["a.wav", "--json", "--since=2026-01-01", "--jobs", "2", "b.wav"], for: spec)
        XCTAssertEqual(p.positionals, ["a.wav", "b.wav"])
        XCTAssertTrue(p.has("json"))
        XCTAssertEqual(p.value("since"), "2026-01-01")
        XCTAssertEqual(try p.int("jobs", in: 1...8), 2)
    }

    func testDefaultsApplyWhenAbsent() throws {
        let p = try ParsedArguments.parse(["a.wav"], for: spec)
        XCTAssertEqual(p.value("jobs"), "1")
        XCTAssertNil(p.value("since"))
    }

    func testDoubleDashEndsFlags() throws {
        let p = try ParsedArguments.parse(["--", "--json"], for: spec)
        XCTAssertEqual(p.positionals, ["--json"])
        XCTAssertFalse(p.has("json"))
    }

    func testUsageErrors() {
        let cases: [(id: String, args: [String], contains: String)] = [
            ("unknown-flag-suggests", ["a.wav", "--sinse", "x"], "did you mean '--since'?"),
            ("missing-value", ["a.wav", "--since"], "needs a value"),
            ("bad-choice", ["a.wav", "--asr", "vosk"], "use one of: auto, pocketsphinx, whisper"),
            ("missing-positional", ["--json"], "missing FILE"),
            ("single-dash", ["-j"], "two dashes"),
            ("switch-with-value", ["a.wav", "--json=yes"], "does not take a value"),
            ("repeated", ["a.wav", "--since", "a", "--since", "b"], "more than once"),
        ]
        for c in cases {
            XCTAssertThrowsError(try ParsedArguments.parse(c.args, for: spec), c.id) { error in
                let message = (error as? UsageError)?.message ?? ""
                XCTAssertTrue(message.contains(c.contains), "\(c.id): \(message)")
            }
        }
    }

    func testNumericValidation() throws {
        let p = try ParsedArguments.parse(["a.wav", "--jobs", "0"], for: spec)
        XCTAssertThrowsError(try p.int("jobs", in: 1...8)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "'--jobs' must be between 1 and 8, got 0")
        }
        let q = try ParsedArguments.parse(["a.wav", "--jobs", "two"], for: spec)
        XCTAssertThrowsError(try q.int("jobs", in: 1...8))
    }

    func testSuggestionDistance() {
        XCTAssertEqual(Suggestion.distance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestion.nearest(to: "histroy", in: ["history", "show", "score"]), "history")
        XCTAssertNil(Suggestion.nearest(to: "zzzzzz", in: ["history", "show"]))
    }
}
