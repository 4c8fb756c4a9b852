import XCTest
@testable import SavvyCoach

/// Issue 14: the answer gate's inputs and decision on exact, hand-made vectors and texts (the
/// real-encoder behaviour is in SemanticModelTests).
final class AnswerGateTests: XCTestCase {
    func testInputsAreLikenessSectionEvidenceAndPersonShares() {
        // Two sections with two exemplars each, in 3 dimensions; two sentences.
        let exemplars: [[[Double]]] = [
            [[1, 0, 0], [0, 1, 0]],
            [[0, 0, 1], [0, 1, 0]],
        ]
        let sentences: [[Double]] = [[1, 0, 0], [0, 0.6, 0.8]]
        let inputs = AnswerGate.inputs(
            sentences: sentences, texts: ["I told you that he left", "we're sure they asked us"], exemplars: exemplars)
        XCTAssertEqual(inputs.count, AnswerGate.features.count - 1 + 3)
        // like: sentence 1's best exemplar cosine 1, sentence 2's 0.8 → 0.9
        XCTAssertEqual(inputs[0], 0.9, accuracy: 1e-12)
        // sections: section 1's best sentence mean cosine max(0.5, 0.3) = 0.5; section 2's
        // max(0, 0.7) = 0.7 → 0.6
        XCTAssertEqual(inputs[1], 0.6, accuracy: 1e-12)
        // 11 tokens ("were" is not counted: without its apostrophe "we're" is the verb):
        // first person "i", "us"; second "you"; third "he", "they"
        XCTAssertEqual(inputs[2], 2.0 / 11, accuracy: 1e-12)
        XCTAssertEqual(inputs[3], 1.0 / 11, accuracy: 1e-12)
        XCTAssertEqual(inputs[4], 2.0 / 11, accuracy: 1e-12)
        // the mean embedding (0.5, 0.3, 0.4) at unit length
        let norm = (0.25 + 0.09 + 0.16).squareRoot()
        XCTAssertEqual(Array(inputs[5...]), [0.5 / norm, 0.3 / norm, 0.4 / norm])
    }

    func testNoWordsAndNoExemplarsGiveZeros() {
        let inputs = AnswerGate.inputs(sentences: [[1, 0]], texts: [""], exemplars: [[], []])
        XCTAssertEqual(inputs, [0, 0, 0, 0, 0, 1, 0])
    }

    func testDecisionIsTheLogOddsAgainstTheCut() {
        let gate = AnswerGate(coefficients: [10, 5, 2, -3, -4, 1, 2, -1], cut: 1)
        let inputs = [0.3, 0.2, 0.1, 0.1, 0.2, 0.6, 0.8]
        // 10·0.3 + 5·0.2 + 2·0.1 − 3·0.1 − 4·0.2 + 0.6 + 2·0.8 − 1 = 4.3
        XCTAssertEqual(try XCTUnwrap(gate.logOdds(inputs)), 4.3, accuracy: 1e-12)
        XCTAssertTrue(gate.readsLikeAnswer(inputs))
        XCTAssertFalse(AnswerGate(coefficients: gate.coefficients, cut: 4.4).readsLikeAnswer(inputs))
        // Inputs of another encoder's width: no decision, so never stopped.
        XCTAssertNil(gate.logOdds(Array(inputs.dropLast())))
        XCTAssertTrue(AnswerGate(coefficients: gate.coefficients, cut: 100).readsLikeAnswer(Array(inputs.dropLast())))
    }

    func testEveryBuiltInDrillWithSectionsHasAGateAndUserDrillsHaveNone() {
        for drill in [BuiltInDrills.star, BuiltInDrills.prep, BuiltInDrills.elevatorPitch, BuiltInDrills.impromptu] {
            XCTAssertNotNil(AnswerGate(drill: drill), drill.id)
        }
        var own = BuiltInDrills.star
        own.id = "my-drill"
        XCTAssertNil(AnswerGate(drill: own))
    }
}
