import Foundation

/// Sentence embeddings from all-MiniLM-L6-v2 (or another BERT sentence-transformers model with
/// the same files), computed on this machine: WordPiece tokens, the BERT encoder, mean pooling
/// over the tokens, L2 normalisation. Vectors match sentence-transformers' to float precision.
/// `vectors` also gives the middle layer's pooled state (`SentenceVectors`) from the same pass.
///
/// Deterministic: the same sentence gives the same bytes every run, whatever it is batched
/// with. Thread-safe: calls to `embed` are serialised (the encoder runs on one core by design).
public final class SentenceEncoder: @unchecked Sendable {
    /// The model `make venv` installs, and the folder name it is installed under.
    public static let defaultModelName = "all-MiniLM-L6-v2"
    /// The files a model directory must hold.
    public static let requiredFiles = ["model.safetensors", "tokenizer.json", "config.json"]

    /// The model directory's name, e.g. "all-MiniLM-L6-v2".
    public let modelID: String
    /// The directory the model was loaded from.
    public let modelDirectory: URL
    /// Length of every vector (384 for all-MiniLM-L6-v2).
    public var dimension: Int { configuration.hiddenSize }
    /// Tokens per sentence at most, `[CLS]` and `[SEP]` included; the rest of a longer sentence
    /// is not seen (256 for all-MiniLM-L6-v2, about 200 words).
    public var maximumTokens: Int { tokenizer.maximumLength }

    /// The encoder layer pooled as `SentenceVectors.middle` (1-based: its output after that many
    /// layers; 3 for all-MiniLM-L6-v2).
    public var middleLayer: Int { BertEncoder.middleLayer(of: configuration.layers) }

    /// What computes the vectors, e.g. "OpenBLAS SkylakeX kernels, 1 thread" (for `savvy doctor`).
    public var backend: String { "OpenBLAS \(BertEncoder.blasCore) kernels, 1 thread" }

    /// When the weights are read: at once, or by the first `embed`.
    public enum WeightLoading: Sendable {
        /// `init` reads them (about 90 MB held, with a transient of about 180 MB while reading).
        case atInit
        /// `init` checks every file (configuration, tokenizer, the weights file's header) but
        /// reads the weights only when the first sentence is embedded, so a command that never
        /// judges an answer, or judges it last, does not hold them while it does other work.
        /// A tensor missing or misshapen inside a valid file is then reported by `embed`.
        case onFirstEmbed
    }

    private let configuration: BertConfiguration
    /// The weights file, its header read and checked by `init`; its tensors are read by the
    /// encoder's construction.
    private let weightsFile: SafetensorsFile
    private let tokenizer: WordPieceTokenizer
    /// Guarded by `lock`; nil until the weights are read.
    private var loaded: BertEncoder?
    private let lock = NSLock()
    /// Tokens encoded together at most; bounds the working memory (about 15 MB of activations).
    /// How sentences are grouped does not change their vectors.
    private let rowsPerBatch = 1024

    /// The model directory: `SAVVY_SEMANTIC_MODEL` if set, else
    /// `$SAVVY_VENV/models/all-MiniLM-L6-v2` (`SAVVY_VENV` defaulting to
    /// `${XDG_DATA_HOME:-$HOME/.local/share}/savvy/venv`, as for Whisper); `nil` when that
    /// directory lacks any of `requiredFiles`.
    public static func locate(environment: [String: String]) -> URL? {
        let directory = modelDirectory(environment: environment)
        let present = requiredFiles.allSatisfy {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
        return present ? directory : nil
    }

    /// Where `locate` looks, whether or not the files are there (for messages and `doctor`).
    public static func modelDirectory(environment: [String: String]) -> URL {
        if let explicit = environment["SAVVY_SEMANTIC_MODEL"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        let venv: String
        if let value = environment["SAVVY_VENV"], !value.isEmpty {
            venv = value
        } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            venv = xdg + "/savvy/venv"
        } else {
            venv = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/savvy/venv"
        }
        return URL(fileURLWithPath: venv, isDirectory: true)
            .appendingPathComponent("models", isDirectory: true)
            .appendingPathComponent(defaultModelName, isDirectory: true)
    }

    /// Loads the model in `modelDirectory` (about 90 MB of weights, read once), now or on the
    /// first `embed` (`weights`).
    public init(modelDirectory: URL, weights: WeightLoading = .atInit) throws {
        for file in Self.requiredFiles where !FileManager.default.fileExists(atPath: modelDirectory.appendingPathComponent(file).path) {
            throw SemanticError.missingFile(directory: modelDirectory.path, file: file)
        }
        let configuration = try BertConfiguration(directory: modelDirectory)
        tokenizer = try WordPieceTokenizer(
            url: modelDirectory.appendingPathComponent("tokenizer.json"), maximumLength: configuration.maximumSequenceLength)
        guard Int(tokenizer.largestID) < configuration.vocabularySize else {
            throw SemanticError.invalidTokenizer(
                path: modelDirectory.appendingPathComponent("tokenizer.json").path,
                reason: "its ids go up to \(tokenizer.largestID), past the model's vocabulary of \(configuration.vocabularySize)")
        }
        // Only the header is read here; the tensors are read when the encoder is built.
        let file = try SafetensorsFile(url: modelDirectory.appendingPathComponent("model.safetensors"))
        weightsFile = file
        self.configuration = configuration
        self.modelDirectory = modelDirectory
        modelID = modelDirectory.standardizedFileURL.lastPathComponent
        if case .atInit = weights {
            loaded = try BertEncoder(weights: file, configuration: configuration)
        }
    }

    /// The encoder, reading the weights the first time; call with `lock` held.
    private func encoder() throws -> BertEncoder {
        if let loaded { return loaded }
        let encoder = try BertEncoder(weights: weightsFile, configuration: configuration)
        loaded = encoder
        return encoder
    }

    /// One unit-length sentence embedding per sentence, in order. An empty sentence still gets a
    /// vector (of `[CLS] [SEP]`), so rows line up with the input.
    public func embed(_ sentences: [String]) throws -> [[Float]] {
        try vectors(sentences).map(\.embedding)
    }

    /// Per sentence, in order, its embedding and its middle layer's pooled state, from one pass.
    public func vectors(_ sentences: [String]) throws -> [SentenceVectors] {
        let ids = sentences.map(tokenizer.encode)
        lock.lock()
        defer { lock.unlock() }
        let encoder = try encoder()
        var vectors: [SentenceVectors] = []
        vectors.reserveCapacity(ids.count)
        var start = 0
        while start < ids.count {
            var end = start
            var rows = 0
            while end < ids.count && (end == start || rows + ids[end].count <= rowsPerBatch) {
                rows += ids[end].count
                end += 1
            }
            vectors += encoder.embed(Array(ids[start..<end]))
            start = end
        }
        return vectors
    }

    /// The token ids `embed` encodes for `sentence` (`[CLS]` … `[SEP]`, cut to `maximumTokens`).
    public func tokenIDs(_ sentence: String) -> [Int32] {
        tokenizer.encode(sentence)
    }
}
