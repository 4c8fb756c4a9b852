import XCTest
@testable import SavvyCoach

final class ModelJudgmentTests: XCTestCase {
    private let ids = BuiltInDrills.star.sections.map(\.id)

    private func content(_ overrides: [String: Any] = [:], removing: String? = nil) -> Data {
        var object: [String: Any] = [
            "sections": [["section": "task", "quote": "my task was"]], "structure_score": 4, "structure_reason": "ok",
            "structure_confidence": "high", "relevance_score": 3, "relevance_reason": "ok",
            "tips": [["tip": "t", "quote": "q"]],
        ]
        for (key, value) in overrides { object[key] = value }
        if let removing { object.removeValue(forKey: removing) }
        return try! JSONSerialization.data(withJSONObject: object)
    }

    func testValidAnswerParses() throws {
        guard case let .success(judgment) = ModelJudgment.parse(content(), sectionIDs: ids) else { return XCTFail() }
        XCTAssertEqual(judgment.structureScore, 4)
        XCTAssertEqual(judgment.sections, [.init(id: "task", quote: "my task was")])
    }

    func testScoresMustBeIntegralAndAreClamped() {
        // (case id, value, expected score or nil for rejection)
        let cases: [(String, Any, Int?)] = [
            ("J1 integer", 4, 4), ("J2 integral double", 4.0, 4), ("J3 fraction", 4.5, nil), ("J4 string 5/5", "5/5", nil),
            ("J5 boolean", true, nil), ("J6 above range", 9, 5), ("J7 below range", -3, 1), ("J8 one", 1, 1),
            ("J9 null", NSNull(), nil),
        ]
        for (id, value, expected) in cases {
            let result = ModelJudgment.parse(content(["structure_score": value]), sectionIDs: ids)
            switch (result, expected) {
            case let (.success(judgment), .some(score)): XCTAssertEqual(judgment.structureScore, score, id)
            case (.failure, .none): break
            default: XCTFail("\(id): got \(result)")
            }
        }
    }

    func testSchemaViolationsAreRejectedNamingTheField() {
        // (case id, content, expected detail)
        let cases: [(String, Data, String)] = [
            ("V1 missing", content(removing: "tips"), "missing field 'tips'"),
            ("V2 extra", content(["overall": 5]), "unexpected field 'overall'"),
            ("V3 unknown section", content(["sections": [["section": "epilogue", "quote": "x"]]]), "sections.section is not a section of this drill"),
            ("V4 confidence", content(["structure_confidence": "very"]), "structure_confidence is not low, medium or high"),
            ("V5 not object", Data("[1,2]".utf8), "reply is not a JSON object"),
            ("V6 not json", Data("{\"sections\": [".utf8), "reply is not JSON"),
            ("V7 section extra key", content(["sections": [["section": "task", "quote": "x", "score": 5]]]), "sections item must have exactly quote, section"),
            ("V8 reason type", content(["relevance_reason": 5]), "relevance_reason is not a string"),
        ]
        for (id, data, detail) in cases {
            XCTAssertEqual(ModelJudgment.parse(data, sectionIDs: ids), .failure(.init(detail: detail)), id)
        }
    }
}
