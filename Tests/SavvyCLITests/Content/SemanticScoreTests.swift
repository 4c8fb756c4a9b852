import Foundation
import SavvyTestSupport
import XCTest

/// Issue 14 end to end: `savvy score` on a natural-wording STAR answer (Fixtures/star-natural.wav)
/// gets its map from the semantic tier, each section within 1.5 s of where it was spoken.
/// Skipped only when Whisper or the sentence model is not installed (`make venv` installs both).
final class SemanticScoreTests: XCTestCase {
    func testIssue14_scoreGetsACorrectMapFromTheSemanticTier() throws {
        let home = try TemporaryDirectory()
        let doctor = try BinaryRun.savvy(["doctor", "--no-mic", "--json"], environment: ["SAVVY_HOME": home.path])
        guard doctor.stdout.contains("\"name\" : \"asr whisper\",\n    \"status\" : \"ok\"") else {
            throw XCTSkip("whisper is not installed (make venv)")
        }
        let truthData = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.fixture("star-natural.json")))
        let truth = try XCTUnwrap(JSONSerialization.jsonObject(with: truthData) as? [String: Any])
        let prompt = try XCTUnwrap(truth["prompt"] as? String)
        let starts = try XCTUnwrap(truth["sectionStarts"] as? [String: Double])

        let run = try BinaryRun.savvy(
            ["score", PackagePaths.fixture("star-natural.wav"), "--drill", "star", "--prompt", prompt, "--asr", "whisper",
             "--no-save", "--json"],
            environment: ["SAVVY_HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config"])
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let rubric = try XCTUnwrap(document["rubric"] as? [String: Any])
        let provenance = try XCTUnwrap(rubric["provenance"] as? [String: Any])
        let outcomes = try XCTUnwrap(provenance["outcomes"] as? [[String: Any]])
        let structureTier = outcomes.first { $0["workload"] as? String == "structureExtraction" }?["tier"] as? String
        guard structureTier == "semantic" else {
            throw XCTSkip("sentence model not installed (make venv); structure judged by \(structureTier ?? "nothing")")
        }
        let structure = try XCTUnwrap(rubric["structure"] as? [String: Any])
        XCTAssertEqual(structure["inOrder"] as? Bool, true)
        XCTAssertEqual(structure["score"] as? Int, 5, structure["reason"] as? String ?? "")
        let map = try XCTUnwrap(rubric["structureMap"] as? [[String: Any]])
        XCTAssertEqual(map.count, 4)
        for span in map {
            let id = try XCTUnwrap(span["sectionID"] as? String)
            let start = try XCTUnwrap(span["start"] as? Double, "\(id) missing")
            XCTAssertEqual(start, try XCTUnwrap(starts[id]), accuracy: 1.5, id)
        }
        XCTAssertGreaterThanOrEqual((rubric["relevance"] as? [String: Any])?["score"] as? Int ?? 0, 4)
        for key in ["content", "deliverySubtotal", "overall"] {
            XCTAssertNotNil(rubric[key] as? Double, key)
        }
    }
}
