import Foundation
import XCTest
import SavvyTestSupport

/// Issue 14 item 5: `--coach llm` fails (exit 1, one line, nothing saved) when no LLM tier
/// answered, instead of quietly scoring with the on-device coach and exiting 0.
final class CoachLLMRequiredTests: XCTestCase {
    func testIssue14_5_coachLLMExitsOneWhenNoTierAnswered() throws {
        let home = try TemporaryDirectory()
        // A loopback port with nothing listening: bind, read the port, close.
        let port = try Self.closedLoopbackPort()
        let environment = ["SAVVY_HOME": home.path, "SAVVY_LLM_LOCAL_URL": "http://127.0.0.1:\(port)/v1"]
        let run = try BinaryRun.savvy(
            ["score", PackagePaths.fixture("fillers.wav"), "--drill", "star", "--asr", "pocketsphinx", "--coach", "llm", "--offline"],
            environment: environment)
        XCTAssertEqual(run.exitCode, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("savvy: error: no LLM tier answered with a usable judgment (local unreachable:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("drop '--coach llm'"), run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, "one line: \(run.stderr)")
        XCTAssertEqual(run.stdout, "", "no report for a judgment that was not made")

        let history = try BinaryRun.savvy(["history", "--json"], environment: environment)
        let rows = (try? JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [Any]) ?? []
        XCTAssertEqual(rows.count, 0, "the session is not kept: \(history.stdout) \(history.stderr)")

        // The same answer with the default coach still scores, from the on-device tier.
        let auto = try BinaryRun.savvy(
            ["score", PackagePaths.fixture("fillers.wav"), "--drill", "star", "--asr", "pocketsphinx", "--offline"],
            environment: environment)
        XCTAssertEqual(auto.exitCode, 0, auto.stderr)
    }

    private static func closedLoopbackPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        return UInt16(bigEndian: address.sin_port)
    }
}
