import XCTest
import SavvyTestSupport
@testable import SavvyCLI

/// The top-level behaviour every user meets first, checked in-process and through the binary.
final class TopLevelTests: XCTestCase {
    private func run(_ args: [String], env: [String: String] = [:]) -> (out: String, err: String, status: ExitStatus) {
        let out = BufferSink(), err = BufferSink()
        let status = SavvyCLI.run(arguments: args, environment: env, stdout: out, stderr: err)
        return (out.text, err.text, status)
    }

    func testNoArgumentsPrintsHelpToStderrAndExits64() {
        let r = run([])
        XCTAssertEqual(r.status, .usage)
        XCTAssertEqual(r.out, "")
        XCTAssertTrue(r.err.contains("USAGE:"))
    }

    func testHelpAndVersionGoToStdout() {
        let help = run(["--help"])
        XCTAssertEqual(help.status, .success)
        for command in SavvyCLI.commands {
            XCTAssertTrue(help.out.contains(command.spec.name), command.spec.name)
        }
        XCTAssertEqual(run(["--version"]).out, "savvy \(SavvyCLI.version)\n")
    }

    func testUnknownCommandSuggestsNearest() {
        guard let first = SavvyCLI.commands.first?.spec.name else { return XCTFail("no commands") }
        let typo = String(first.dropLast())
        let r = run([typo])
        XCTAssertEqual(r.status, .usage)
        XCTAssertTrue(r.err.hasPrefix("savvy: error: unknown command '\(typo)'; did you mean '\(first)'?\n"), r.err)
        XCTAssertTrue(r.err.contains("See 'savvy --help'."))
    }

    func testEveryCommandHasHelpListingEveryFlag() {
        for command in SavvyCLI.commands {
            let r = run([command.spec.name, "--help"])
            XCTAssertEqual(r.status, .success, command.spec.name)
            for flag in command.spec.flags {
                XCTAssertTrue(r.out.contains("--\(flag.name)"), "\(command.spec.name) --\(flag.name)")
            }
        }
    }

    func testBinaryExitCodesAndStreams() throws {
        let ok = try BinaryRun.savvy(["--version"])
        XCTAssertEqual(ok.exitCode, 0)
        XCTAssertEqual(ok.stderr, "")
        let bad = try BinaryRun.savvy(["no-such-command"])
        XCTAssertEqual(bad.exitCode, 64)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertTrue(bad.stderr.hasPrefix("savvy: error: unknown command 'no-such-command'"))
    }
}
