import Foundation
import SavvySemantic
import XCTest
@testable import SavvyCoach

/// Issue 14 item 2 with the real all-MiniLM-L6-v2 encoder: a PREP answer told with its Example
/// after the restated Point is reported out of order, with the map as spoken; the same sentences
/// in the drill's order are not. Skipped only when the sentence model is not installed.
final class OrderCheckModelTests: XCTestCase {
    private static let point = "I think every team should write down how it makes decisions."
    private static let reason = """
        When nobody knows who decides, the same questions come back in every meeting, and the quiet people \
        never get heard because the loudest voice wins by default.
        """
    private static let example = """
        At my last job we wrote one page saying who decides what and how to object. \
        Within a month our meetings were twenty minutes shorter and two new colleagues told me \
        it was the first time they felt able to disagree.
        """
    private static let restate = "So a written way of deciding is cheap, and I would ask every team to have one."

    func testIssue14_aSwappedPrepAnswerIsFlaggedAndTheOrderedOneIsNot() throws {
        guard let directory = SentenceEncoder.locate(environment: ProcessInfo.processInfo.environment) else {
            throw XCTSkip("sentence model not installed (make venv)")
        }
        let scorer = SemanticScorer(embedder: EmbeddingCache(try SentenceEncoder(modelDirectory: directory)))
        let prompt = "Should every team write down how it makes decisions?"
        let ordered = [Self.point, Self.reason, Self.example, Self.restate].joined(separator: " ")
        let orderedJudgment = try scorer.judge(
            transcript: Fixtures.transcript(ordered), drill: BuiltInDrills.prep, prompt: prompt)
        XCTAssertTrue(orderedJudgment.inOrder, "\(orderedJudgment.labels)")

        let swapped = [Self.point, Self.reason, Self.restate, Self.example].joined(separator: " ")
        let swappedJudgment = try scorer.judge(
            transcript: Fixtures.transcript(swapped), drill: BuiltInDrills.prep, prompt: prompt)
        XCTAssertFalse(swappedJudgment.inOrder, "\(swappedJudgment.labels)")
        let spoken = swappedJudgment.spans.filter(\.isPresent).sorted { ($0.start ?? 0) < ($1.start ?? 0) }.map(\.sectionID)
        XCTAssertEqual(spoken, ["point", "reason", "restate", "example"])
    }
}
