import Foundation
import SavvyFileSystem

/// The encoder's shape, read from the model's `config.json` (HF transformers) and
/// `sentence_bert_config.json` (sentence-transformers).
struct BertConfiguration: Sendable, Equatable {
    var vocabularySize: Int
    var hiddenSize: Int
    var layers: Int
    var heads: Int
    var intermediateSize: Int
    var maximumPositions: Int
    var tokenTypes: Int
    var layerNormEpsilon: Float
    /// Tokens per sentence at most, `[CLS]` and `[SEP]` included: sentence-transformers'
    /// `max_seq_length` (256 for all-MiniLM-L6-v2, the length it was trained on), else the
    /// position table's size.
    var maximumSequenceLength: Int

    var headSize: Int { hiddenSize / heads }

    /// Reads `config.json` and, when present, `sentence_bert_config.json` in `directory`.
    init(directory: URL) throws {
        let configURL = directory.appendingPathComponent("config.json")
        let config = try Self.object(at: configURL)
        func invalid(_ reason: String) -> SemanticError { .invalidConfiguration(path: configURL.path, reason: reason) }
        func integer(_ key: String) throws -> Int {
            guard let number = config[key] as? NSNumber, let value = Int(exactly: number.doubleValue), value > 0 else {
                throw invalid("'\(key)' is missing or not a positive integer")
            }
            return value
        }
        guard (config["model_type"] as? String ?? "bert") == "bert" else {
            throw invalid("model_type '\(config["model_type"] ?? "")' is not bert")
        }
        // BERT's "gelu" is the exact erf form; the tanh approximation would need another kernel.
        guard (config["hidden_act"] as? String ?? "gelu") == "gelu" else {
            throw invalid("hidden_act '\(config["hidden_act"] ?? "")' is not gelu")
        }
        guard (config["position_embedding_type"] as? String ?? "absolute") == "absolute" else {
            throw invalid("position_embedding_type '\(config["position_embedding_type"] ?? "")' is not absolute")
        }
        vocabularySize = try integer("vocab_size")
        hiddenSize = try integer("hidden_size")
        layers = try integer("num_hidden_layers")
        heads = try integer("num_attention_heads")
        intermediateSize = try integer("intermediate_size")
        maximumPositions = try integer("max_position_embeddings")
        tokenTypes = try integer("type_vocab_size")
        guard hiddenSize % heads == 0 else {
            throw invalid("hidden_size \(hiddenSize) is not a multiple of num_attention_heads \(heads)")
        }
        guard let epsilon = config["layer_norm_eps"] as? NSNumber, epsilon.doubleValue > 0 else {
            throw invalid("'layer_norm_eps' is missing or not positive")
        }
        layerNormEpsilon = epsilon.floatValue

        let sentenceURL = directory.appendingPathComponent("sentence_bert_config.json")
        maximumSequenceLength = maximumPositions
        if FileManager.default.fileExists(atPath: sentenceURL.path) {
            let sentence = try Self.object(at: sentenceURL)
            if let number = sentence["max_seq_length"] as? NSNumber {
                guard let length = Int(exactly: number.doubleValue), length > 2 else {
                    throw SemanticError.invalidConfiguration(path: sentenceURL.path, reason: "max_seq_length \(number) is not an integer above 2")
                }
                maximumSequenceLength = min(length, maximumPositions)
            }
        }
    }

    private static func object(at url: URL) throws -> [String: Any] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SemanticError.unreadableFile(path: url.path, reason: SystemErrorText.reason(error))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw SemanticError.invalidConfiguration(path: url.path, reason: "it is not a JSON object")
        }
        return object
    }
}
