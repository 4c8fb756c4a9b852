import Foundation
import SavvySemantic
import SavvyTestSupport
import XCTest

/// The encoder on the real all-MiniLM-L6-v2: the published example, element-wise parity with
/// the numpy reference, determinism, and loading errors.
final class SentenceEncoderTests: XCTestCase {
    private let example = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."]

    /// The cosine matrix published in the sentence-transformers documentation for these
    /// sentences (issue 14).
    func testIssue14_cosineMatrixMatchesSentenceTransformersExample() throws {
        let encoder = try ModelFixture.encoder()
        let vectors = try encoder.embed(example)
        let expected: [[Float]] = [[1, 0.6660, 0.1046], [0.6660, 1, 0.1411], [0.1046, 0.1411, 1]]
        for i in 0..<3 {
            for j in 0..<3 {
                XCTAssertEqual(cosine(vectors[i], vectors[j]), expected[i][j], accuracy: 0.0005, "cosine[\(i)][\(j)]")
            }
        }
    }

    /// Issue 13: `savvy` ends OpenBLAS's idle thread pool as it starts (`BLASThreads.stop`); the
    /// encoder must give the same bytes afterwards, and stopping twice must do no harm.
    func testIssue13_encoderGivesTheSameVectorsAfterTheBLASPoolIsStopped() throws {
        let encoder = try ModelFixture.encoder()
        let before = try encoder.embed(example)
        BLASThreads.stop()
        BLASThreads.stop()
        XCTAssertEqual(try encoder.embed(example), before)
        XCTAssertEqual(try ModelFixture.encoder().embed(example), before)
    }

    /// Both vectors element by element against bench/semantic/minilm_ref.py
    /// (scripts/make-semantic-goldens.py): the sentence embedding and, issue 14, the middle
    /// layer's pooled state the structure classifier reads.
    func testVectorsMatchTheNumpyReference() throws {
        struct Golden: Decodable {
            struct Row: Decodable {
                var text: String
                var vector: [Float]
                var middle: [Float]
            }
            var embeddings: [Row]
        }
        let encoder = try ModelFixture.encoder()
        XCTAssertEqual(encoder.middleLayer, 3, "layer 3 of 6, as the reference pools")
        let golden = try JSONDecoder().decode(Golden.self, from: ModelFixture.golden("reference-embeddings.json"))
        let vectors = try encoder.vectors(golden.embeddings.map(\.text))
        XCTAssertEqual(vectors.count, golden.embeddings.count)
        for (row, vector) in zip(golden.embeddings, vectors) {
            for (name, reference, got) in [("embedding", row.vector, vector.embedding), ("middle", row.middle, vector.middle)] {
                XCTAssertEqual(got.count, 384, name)
                let worst = zip(reference, got).map { abs($0 - $1) }.max() ?? 1
                XCTAssertLessThan(worst, 2e-5, "largest difference of the \(name) from the reference for '\(row.text.prefix(40))'")
            }
        }
        XCTAssertEqual(try encoder.embed(golden.embeddings.map(\.text)), vectors.map(\.embedding), "embed is the vectors' embedding")
    }

    func testShapeAndUnitLength() throws {
        let encoder = try ModelFixture.encoder()
        XCTAssertEqual(encoder.modelID, "all-MiniLM-L6-v2")
        XCTAssertEqual(encoder.dimension, 384)
        let vectors = try encoder.vectors(["", "One.", String(repeating: "a long sentence that goes on ", count: 60)])
        XCTAssertEqual(vectors.count, 3)
        for vector in vectors.flatMap({ [$0.embedding, $0.middle] }) {
            XCTAssertEqual(vector.count, 384)
            XCTAssertTrue(vector.allSatisfy(\.isFinite))
            XCTAssertEqual(cosine(vector, vector), 1, accuracy: 1e-5)
            XCTAssertEqual(vector.reduce(0) { $0 + $1 * $1 }, 1, accuracy: 1e-5)
        }
        XCTAssertEqual(try encoder.embed([]), [])
        XCTAssertEqual(try encoder.vectors([]), [])
    }

    /// Same bytes on a second run and whatever the batch: one by one, all together, and in
    /// batches large enough to be split by the encoder's row limit.
    func testDeterministicAcrossRunsAndBatchSplits() throws {
        let encoder = try ModelFixture.encoder()
        // About 250 tokens in ten sentences, stacked at other rows by every split below.
        let sentences = example + (0..<9).map { "Sentence \($0): we met the deadline and the team learned from it, \($0 % 7) times over." }
        // Both vectors of each sentence, one after the other.
        func embed(_ sentences: [String]) throws -> [[Float]] {
            try encoder.vectors(sentences).flatMap { [$0.embedding, $0.middle] }
        }
        let together = try embed(sentences)
        assertSameBits(try embed(sentences), together, "second run")
        assertSameBits(try sentences.flatMap { try embed([$0]) }, together, "one at a time")
        assertSameBits(
            try encoder.vectors(sentences.reversed()).reversed().flatMap { [$0.embedding, $0.middle] }, together, "reversed order")
        assertSameBits(try embed(Array(sentences[..<5])) + embed(Array(sentences[5...])), together, "two batches")
    }

    /// Bit-for-bit equality, reporting the first differing sentence and element (not 30 000 numbers).
    private func assertSameBits(_ actual: [[Float]], _ expected: [[Float]], _ label: String, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, label, line: line)
        for (row, (a, e)) in zip(actual, expected).enumerated() {
            if let column = a.count != e.count ? 0 : a.indices.first(where: { a[$0].bitPattern != e[$0].bitPattern }) {
                return XCTFail("\(label): vector \(row) (sentence \(row / 2)) differs first at element \(column): \(a[column]) vs \(e[column])", line: line)
            }
        }
    }

    func testLocateFollowsTheEnvironment() throws {
        let directory = try TemporaryDirectory()
        let model = directory.url.appendingPathComponent("models/all-MiniLM-L6-v2")
        XCTAssertNil(SentenceEncoder.locate(environment: ["SAVVY_VENV": directory.path]), "no files yet")
        XCTAssertEqual(SentenceEncoder.modelDirectory(environment: ["SAVVY_VENV": directory.path]).path, model.path)
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        for file in SentenceEncoder.requiredFiles {
            try Data().write(to: model.appendingPathComponent(file))
        }
        XCTAssertEqual(SentenceEncoder.locate(environment: ["SAVVY_VENV": directory.path])?.path, model.path)
        XCTAssertEqual(
            SentenceEncoder.modelDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path,
            "/data/savvy/venv/models/all-MiniLM-L6-v2")
        XCTAssertEqual(
            SentenceEncoder.modelDirectory(environment: ["HOME": "/home/u"]).path, "/home/u/.local/share/savvy/venv/models/all-MiniLM-L6-v2")
        // An explicit model directory wins, and is not second-guessed when it is incomplete.
        XCTAssertNil(SentenceEncoder.locate(environment: ["SAVVY_VENV": directory.path, "SAVVY_SEMANTIC_MODEL": directory.path]))
        XCTAssertEqual(SentenceEncoder.locate(environment: ["SAVVY_SEMANTIC_MODEL": model.path])?.path, model.path)
    }

    /// A model directory with the real files copied in, then one of them broken.
    func testRefusesBrokenModelDirectories() throws {
        let source = try ModelFixture.directory()
        let cases: [(id: String, file: String, contents: Data?, expected: (SemanticError) -> Bool)] = [
            ("missing weights", "model.safetensors", nil, { if case .missingFile(_, "model.safetensors") = $0 { true } else { false } }),
            ("missing tokenizer", "tokenizer.json", nil, { if case .missingFile(_, "tokenizer.json") = $0 { true } else { false } }),
            ("truncated weights", "model.safetensors", Data([1, 2, 3]), { if case .corruptWeights = $0 { true } else { false } }),
            ("config not json", "config.json", Data("{".utf8), { if case .invalidConfiguration = $0 { true } else { false } }),
            ("config for another activation", "config.json", Data(#"{"hidden_act": "relu"}"#.utf8), {
                if case .invalidConfiguration(_, let reason) = $0 { reason.contains("relu") } else { false }
            }),
            ("config with another width", "config.json", Data(#"""
                {"vocab_size": 30522, "hidden_size": 768, "num_hidden_layers": 6, "num_attention_heads": 12,
                 "intermediate_size": 1536, "max_position_embeddings": 512, "type_vocab_size": 2, "layer_norm_eps": 1e-12}
                """#.utf8), { if case .tensorShape(_, [30522, 768], [30522, 384]) = $0 { true } else { false } }),
            ("vocabulary smaller than the tokenizer's", "config.json", Data(#"""
                {"vocab_size": 1000, "hidden_size": 384, "num_hidden_layers": 6, "num_attention_heads": 12,
                 "intermediate_size": 1536, "max_position_embeddings": 512, "type_vocab_size": 2, "layer_norm_eps": 1e-12}
                """#.utf8), {
                if case .invalidTokenizer(_, let reason) = $0 { reason.contains("past the model's vocabulary of 1000") } else { false }
            }),
            ("tokenizer not json", "tokenizer.json", Data("[]".utf8), { if case .invalidTokenizer = $0 { true } else { false } }),
        ]
        for c in cases {
            let directory = try TemporaryDirectory()
            for file in SentenceEncoder.requiredFiles + ["sentence_bert_config.json"] where file != c.file {
                try FileManager.default.createSymbolicLink(
                    at: directory.url.appendingPathComponent(file), withDestinationURL: source.appendingPathComponent(file))
            }
            if let contents = c.contents {
                try contents.write(to: directory.url.appendingPathComponent(c.file))
            }
            XCTAssertThrowsError(try SentenceEncoder(modelDirectory: directory.url), c.id) { error in
                guard let semantic = error as? SemanticError else { return XCTFail("\(c.id): \(error)") }
                XCTAssertTrue(c.expected(semantic), "\(c.id): \(semantic)")
                XCTAssertTrue(error.localizedDescription.first?.isLowercase == true, c.id)
            }
            // Weights read on the first embed: the same error, from `init` for every file that
            // can be checked without reading the tensors, else from `embed`.
            let deferredError: (any Error)?
            do {
                let deferred = try SentenceEncoder(modelDirectory: directory.url, weights: .onFirstEmbed)
                XCTAssertEqual(c.id, "config with another width", "only a tensor's shape waits for embed")
                deferredError = thrownError { _ = try deferred.embed(["one sentence"]) }
            } catch {
                deferredError = error
            }
            guard let semantic = deferredError as? SemanticError else { XCTFail("\(c.id), deferred: \(String(describing: deferredError))"); continue }
            XCTAssertTrue(c.expected(semantic), "\(c.id), deferred: \(semantic)")
        }
    }

    /// Issue 13: the router's encoder reads its weights on the first embed, so a score holds
    /// them only while it judges; the vectors are the same bytes as an encoder loaded at once.
    func testIssue13_weightsReadOnFirstEmbedGiveTheSameVectors() throws {
        let eager = try ModelFixture.encoder()
        let deferred = try SentenceEncoder(modelDirectory: try ModelFixture.directory(), weights: .onFirstEmbed)
        XCTAssertEqual(deferred.modelID, eager.modelID)
        XCTAssertEqual(deferred.dimension, eager.dimension)
        XCTAssertEqual(deferred.backend, eager.backend)
        XCTAssertEqual(try deferred.vectors(example), try eager.vectors(example))
        XCTAssertEqual(try deferred.embed(example.reversed()), try eager.embed(example.reversed()), "a second embed reuses the weights")
    }

    /// The error `body` throws; a test failure and nil when it throws none.
    private func thrownError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> (any Error)? {
        do {
            try body()
            XCTFail("no error thrown", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
