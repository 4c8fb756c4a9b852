import Foundation
import SavvySemantic
import XCTest

/// The tokenizer's rules on a small hand-made `tokenizer.json` (no model needed), and its
/// refusals of files it cannot run.
final class WordPieceTokenizerTests: XCTestCase {
    private static let vocabulary = [
        "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "un", "##aff", "##able", "want", "##ed", "runn", "##ing",
        ",", ".", "!", "$", "%", "'", "s", "it", "cafe", "resume", "中", "国", "a", "##a", "##aa", "x",
    ]

    private static func json(
        model: String = ###""type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 10"###,
        normalizer: String = #"{"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": null, "lowercase": true}"#,
        preTokenizer: String = #"{"type": "BertPreTokenizer"}"#,
        postProcessor: String = #"""
            {"type": "TemplateProcessing",
             "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
             "special_tokens": {"[CLS]": {"id": "[CLS]", "ids": [2], "tokens": ["[CLS]"]}, "[SEP]": {"id": "[SEP]", "ids": [3], "tokens": ["[SEP]"]}}}
            """#
    ) -> Data {
        let vocab = vocabulary.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ")
        return Data("""
            {"added_tokens": [{"id": 4, "content": "[MASK]", "normalized": false, "special": true}],
             "normalizer": \(normalizer), "pre_tokenizer": \(preTokenizer), "post_processor": \(postProcessor),
             "model": {\(model), "vocab": {\(vocab)}}}
            """.utf8)
    }

    private func tokens(_ text: String, maximumLength: Int = 32) throws -> [String] {
        let tokenizer = try WordPieceTokenizer(json: Self.json(), path: "tokenizer.json", maximumLength: maximumLength)
        return tokenizer.encode(text).map { Self.vocabulary[Int($0)] }
    }

    func testRulesTable() throws {
        let cases: [(id: String, text: String, expected: [String])] = [
            ("empty", "", ["[CLS]", "[SEP]"]),
            ("longest piece first", "unaffable", ["[CLS]", "un", "##aff", "##able", "[SEP]"]),
            ("continuations", "wanted running", ["[CLS]", "want", "##ed", "runn", "##ing", "[SEP]"]),
            ("no split is unknown as a whole", "unwanted", ["[CLS]", "[UNK]", "[SEP]"]),
            ("lower case", "UNAFFABLE", ["[CLS]", "un", "##aff", "##able", "[SEP]"]),
            ("accents stripped", "Café Résumé", ["[CLS]", "cafe", "resume", "[SEP]"]),
            ("punctuation isolated", "it's $ %", ["[CLS]", "it", "'", "s", "$", "%", "[SEP]"]),
            ("control characters dropped", "it\u{0007}s\u{200B}", ["[CLS]", "[UNK]", "[SEP]"]),
            ("whitespace of any kind splits", "it\u{00A0}s\tx\n", ["[CLS]", "it", "s", "x", "[SEP]"]),
            ("cjk one word per ideograph", "中国", ["[CLS]", "中", "国", "[SEP]"]),
            ("word at the character limit", "aaaaaaaaaa", ["[CLS]", "a", "##aa", "##aa", "##aa", "##aa", "##a", "[SEP]"]),
            ("word over the limit", "aaaaaaaaaaa", ["[CLS]", "[UNK]", "[SEP]"]),
            ("literal special token", "x[MASK]x", ["[CLS]", "x", "[MASK]", "x", "[SEP]"]),
        ]
        for c in cases {
            XCTAssertEqual(try tokens(c.text), c.expected, c.id)
        }
    }

    func testTruncationKeepsTheClosingToken() throws {
        XCTAssertEqual(try tokens("it it it it it", maximumLength: 4), ["[CLS]", "it", "it", "[SEP]"])
    }

    func testRefusesFilesItCannotRun() {
        let cases: [(id: String, data: Data, maximumLength: Int, message: String)] = [
            ("not json", Data("{".utf8), 32, "it is not a JSON object"),
            ("bpe model", Self.json(model: #""type": "BPE""#), 32, "its model is not WordPiece"),
            ("unknown token absent", Self.json(model: #""type": "WordPiece", "unk_token": "<unk>""#), 32, "'<unk>' is not in the vocabulary"),
            ("other normalizer", Self.json(normalizer: #"{"type": "NFKC"}"#), 32, "normalizer is not BertNormalizer"),
            ("other pre-tokenizer", Self.json(preTokenizer: #"{"type": "Whitespace"}"#), 32, "pre-tokenizer is not BertPreTokenizer"),
            ("no post-processor", Self.json(postProcessor: "null"), 32, "neither TemplateProcessing nor BertProcessing"),
            ("undefined special", Self.json(postProcessor: #"{"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "[X]"}}], "special_tokens": {}}"#), 32, "does not define"),
            ("no room", Self.json(), 2, "leaves no room"),
        ]
        for c in cases {
            XCTAssertThrowsError(try WordPieceTokenizer(json: c.data, path: "/m/tokenizer.json", maximumLength: c.maximumLength), c.id) { error in
                guard case SemanticError.invalidTokenizer(let path, let reason) = error else {
                    return XCTFail("\(c.id): \(error)")
                }
                XCTAssertEqual(path, "/m/tokenizer.json", c.id)
                XCTAssertTrue(reason.contains(c.message), "\(c.id): \(reason)")
                XCTAssertTrue(error.localizedDescription.hasPrefix("the sentence model tokenizer '/m/tokenizer.json'"), c.id)
            }
        }
    }

    func testBertProcessingIsAccepted() throws {
        let tokenizer = try WordPieceTokenizer(
            json: Self.json(postProcessor: #"{"type": "BertProcessing", "sep": ["[SEP]", 3], "cls": ["[CLS]", 2]}"#),
            path: "tokenizer.json", maximumLength: 8)
        XCTAssertEqual(tokenizer.encode("it"), [2, 19, 3])
    }
}
