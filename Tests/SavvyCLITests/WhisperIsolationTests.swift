import Foundation
import XCTest
import SavvyTestSupport

/// The Whisper worker must not import Python modules from the folder savvy is run in: a file
/// named like a standard module there broke every Whisper score ("module 'inspect' has no
/// attribute 'cleandoc'") and could run arbitrary code.
final class WhisperIsolationTests: XCTestCase {
    func testWhisperIgnoresPythonFilesInTheCurrentFolder() throws {
        // As savvy finds it: SAVVY_VENV, or the default place `make venv` installs to.
        let configured = ProcessInfo.processInfo.environment["SAVVY_VENV"] ?? ""
        let venv = configured.isEmpty ? NSHomeDirectory() + "/.local/share/savvy/venv" : configured
        try XCTSkipUnless(FileManager.default.fileExists(atPath: venv + "/bin/python"),
                          "the Whisper venv is not installed (make venv)")
        let folder = try TemporaryDirectory()
        let marker = folder.path("hijacked")
        for module in ["inspect", "json", "numpy"] {
            try "open(\(String(reflecting: marker)), 'w').write('\(module)')\nraise SystemExit('shadowed \(module)')\n"
                .write(toFile: folder.path(module + ".py"), atomically: true, encoding: .utf8)
        }
        let home = try TemporaryDirectory()
        let run = try BinaryRun.savvy(
            ["score", PackagePaths.fixture("fillers.wav"), "--asr", "whisper", "--coach", "heuristic", "--no-save", "--json"],
            environment: ["SAVVY_HOME": home.path], directory: folder.path)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "a module from the current folder was imported")
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((doc["transcript"] as? [String: Any])?["engine"] as? String, "whisper")
    }
}
