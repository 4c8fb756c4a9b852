import Foundation
import XCTest
import SavvyTestSupport

/// A batch keeps each job's pocketsphinx decoder loaded (issue 13 item 3); a file scored in a
/// batch must still get exactly the transcript it gets alone.
final class WarmBatchTests: XCTestCase {
    /// Two files in one job (one kept decoder: the second file's windows and re-decodes run on the
    /// decoder the first file used) and in two jobs, against each file scored by its own run.
    func testIssue13_batchTranscriptsEqualTheFilesScoredAlone() throws {
        let home = try TemporaryDirectory()
        let files = [PackagePaths.fixture("quiet-noisy.wav"), PackagePaths.fixture("fillers.wav")]
        func transcripts(_ paths: [String], jobs: Int) throws -> [String] {
            let run = try BinaryRun.savvy(["score"] + paths + ["--jobs", String(jobs), "--asr", "pocketsphinx",
                                                               "--coach", "heuristic", "--no-save", "--json"],
                                          environment: ["SAVVY_HOME": home.path])
            XCTAssertEqual(run.exitCode, 0, run.stderr)
            let parsed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
            let documents = paths.count == 1 ? [parsed] : try XCTUnwrap(parsed as? [Any])
            return try documents.map { document in
                let transcript = try XCTUnwrap((document as? [String: Any])?["transcript"])
                return String(decoding: try JSONSerialization.data(withJSONObject: transcript, options: [.sortedKeys]), as: UTF8.self)
            }
        }
        let alone = try files.map { try XCTUnwrap(transcripts([$0], jobs: 1).first) }
        XCTAssertTrue(alone.allSatisfy { $0.contains("\"words\"") })
        XCTAssertEqual(try transcripts(files, jobs: 1), alone, "one job, one kept decoder")
        XCTAssertEqual(try transcripts(files, jobs: 2), alone, "two jobs at once")
    }
}
