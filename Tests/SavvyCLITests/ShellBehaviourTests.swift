import Foundation
import XCTest
import SavvyTestSupport

/// How savvy behaves in a shell: pipes closed early, completion scripts.
final class ShellBehaviourTests: XCTestCase {
    private func bash(_ script: String, environment: [String: String] = [:]) throws -> (out: String, err: String, code: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        var env = ProcessInfo.processInfo.environment
        env["SAVVY"] = PackagePaths.savvyBinary
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self), process.terminationStatus)
    }

    /// `savvy drills | head -1` must end quietly with status 0 when head goes away.
    func testClosedPipeExitsQuietly() throws {
        let home = try TemporaryDirectory()
        let r = try bash("\"$SAVVY\" drills --json | head -c 1 >/dev/null; echo \"status=${PIPESTATUS[0]}\"",
                         environment: ["SAVVY_HOME": home.path])
        XCTAssertEqual(r.out, "status=0\n")
        XCTAssertEqual(r.err, "")
    }

    func testBashCompletionOffersCommandsFlagsAndChoices() throws {
        let script = """
        source <("$SAVVY" completions bash)
        complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _savvy; echo "${COMPREPLY[*]}"; }
        complete_words savvy hist
        complete_words savvy score --as
        complete_words savvy score a.wav --asr ""
        complete_words savvy history --color a
        """
        let r = try bash(script)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                       ["history", "--asr", "auto pocketsphinx whisper", "auto always", ""])
    }

    func testZshCompletionNamesEveryCommand() throws {
        let r = try bash("\"$SAVVY\" completions zsh")
        XCTAssertEqual(r.code, 0)
        for name in ["score", "practice", "analyze", "history", "rescore", "show", "delete", "drills", "doctor"] {
            XCTAssertTrue(r.out.contains("'\(name):"), name)
        }
        let bad = try bash("\"$SAVVY\" completions tcsh")
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(bad.err.contains("no completions for shell 'tcsh'; use bash, zsh or fish"))
    }

    /// Issue 10 item 18: completions offer the drill ids and the stored session ids (asked from
    /// savvy at completion time), and fish is supported.
    func testIssue10_completionsOfferDrillAndSessionIds() throws {
        let home = try TemporaryDirectory()
        let binDir = (PackagePaths.savvyBinary as NSString).deletingLastPathComponent
        let env = ["SAVVY_HOME": home.path, "PATH": binDir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        let script = """
        source <("$SAVVY" completions bash)
        complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _savvy; echo "${COMPREPLY[*]}"; }
        complete_words savvy score a.wav --drill ""
        complete_words savvy show ""
        complete_words savvy drills ""
        complete_words savvy completions ""
        """
        let r = try bash(script, environment: env)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                       ["star prep pitch impromptu free", "last", "star prep pitch impromptu free", "bash zsh fish", ""])
        // With no database the session list is empty and nothing was created to find that out.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path), [])

        let fish = try bash("\"$SAVVY\" completions fish")
        XCTAssertEqual(fish.code, 0, fish.err)
        XCTAssertTrue(fish.out.contains("__fish_seen_subcommand_from show\" -f -a '(savvy history --ids 2>/dev/null; echo last)'"), fish.out)
        XCTAssertTrue(fish.out.contains("-l drill -d 'what the answer was for (see \\'savvy drills\\')' -r -f -a '(savvy drills --ids 2>/dev/null)'"), fish.out)
        XCTAssertTrue(fish.out.contains("-l asr -d"), fish.out)
    }
}
