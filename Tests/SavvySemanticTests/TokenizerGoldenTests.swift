import Foundation
import SavvySemantic
import XCTest

/// The Swift WordPiece tokenizer against the ids HF `tokenizers` gives for the model's own
/// `tokenizer.json` (Goldens/tokenizer-cases.json, written by scripts/make-semantic-goldens.py).
final class TokenizerGoldenTests: XCTestCase {
    private struct Golden: Decodable {
        struct Case: Decodable {
            var name: String
            var text: String
            var ids: [Int32]
            var tokens: [String]
        }
        var maxLength: Int
        var cases: [Case]
    }

    func testIdsMatchHuggingFaceTokenizers() throws {
        let directory = try ModelFixture.directory()
        let golden = try JSONDecoder().decode(Golden.self, from: ModelFixture.golden("tokenizer-cases.json"))
        let tokenizer = try WordPieceTokenizer(url: directory.appendingPathComponent("tokenizer.json"), maximumLength: golden.maxLength)
        XCTAssertGreaterThanOrEqual(golden.cases.count, 25)
        for testCase in golden.cases {
            XCTAssertEqual(tokenizer.encode(testCase.text), testCase.ids, "case '\(testCase.name)': expected \(testCase.tokens)")
        }
    }

    func testEncoderTruncatesAtTheModelsMaximumSequenceLength() throws {
        let encoder = try ModelFixture.encoder()
        XCTAssertEqual(encoder.maximumTokens, 256, "all-MiniLM-L6-v2's sentence_bert_config.json says 256")
        let long = (0..<300).map { "word\($0)" }.joined(separator: " ")
        let ids = encoder.tokenIDs(long)
        XCTAssertEqual(ids.count, 256)
        XCTAssertEqual(ids.first, 101, "[CLS] first")
        XCTAssertEqual(ids.last, 102, "[SEP] last, after the cut")
    }
}
