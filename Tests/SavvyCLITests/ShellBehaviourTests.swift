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
        let bad = try bash("\"$SAVVY\" completions fish")
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(bad.err.contains("no completions for shell 'fish'; use bash or zsh"))
    }
}
