import Foundation
import SavvyFileSystem

/// A BERT WordPiece tokenizer driven by a HF `tokenizer.json`: the same ids as the `tokenizers`
/// library for the BertNormalizer / BertPreTokenizer / WordPiece / template pipeline that
/// sentence-transformers models ship.
///
/// Steps: special tokens written literally in the text (`[MASK]`) are matched first, the rest is
/// normalised, split into words, and each word is split greedily into the longest vocabulary
/// pieces (`##` marks a continuation); a word with no split, or longer than
/// `max_input_chars_per_word`, becomes `[UNK]`. The template's `[CLS]` … `[SEP]` wrap the pieces,
/// and the whole is cut to `maximumLength` tokens.
public struct WordPieceTokenizer: Sendable {
    /// Vocabulary keys are UTF-8 bytes: Swift `String` equality is canonical equivalence, under
    /// which distinct vocabulary entries (a CJK compatibility ideograph and its unified twin)
    /// would collide.
    private let vocabulary: [[UInt8]: Int32]
    private let unknownID: Int32
    private let continuationPrefix: [UInt8]
    private let maximumWordCharacters: Int
    private let normalizer: BertNormalizer
    /// Ids the template puts before and after the sentence.
    private let prefixIDs: [Int32]
    private let suffixIDs: [Int32]
    /// Special tokens matched in the raw text, longest first.
    private let addedTokens: [(scalars: [Unicode.Scalar], id: Int32)]
    /// Tokens per sentence at most, `[CLS]` and `[SEP]` included.
    public let maximumLength: Int
    /// The largest id `encode` can return (the encoder checks it against its embedding table).
    public let largestID: Int32

    /// Reads `tokenizer.json` at `url`.
    public init(url: URL, maximumLength: Int) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SemanticError.unreadableFile(path: url.path, reason: SystemErrorText.reason(error))
        }
        try self.init(json: data, path: url.path, maximumLength: maximumLength)
    }

    /// Parses the contents of a `tokenizer.json`; `path` is only for messages.
    public init(json: Data, path: String, maximumLength: Int) throws {
        func invalid(_ reason: String) -> SemanticError { .invalidTokenizer(path: path, reason: reason) }
        guard let root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            throw invalid("it is not a JSON object")
        }
        guard let model = root["model"] as? [String: Any], model["type"] as? String == "WordPiece",
            let vocab = model["vocab"] as? [String: Any]
        else {
            throw invalid("its model is not WordPiece with a vocabulary")
        }
        var vocabulary: [[UInt8]: Int32] = [:]
        vocabulary.reserveCapacity(vocab.count)
        for (token, id) in vocab {
            guard let number = id as? NSNumber, let id32 = Int32(exactly: number.doubleValue) else {
                throw invalid("vocabulary entry '\(token)' has no integer id")
            }
            vocabulary[Array(token.utf8)] = id32
        }
        let unknown = model["unk_token"] as? String ?? "[UNK]"
        guard let unknownID = vocabulary[Array(unknown.utf8)] else {
            throw invalid("the unknown token '\(unknown)' is not in the vocabulary")
        }
        let normalizerConfig = root["normalizer"] as? [String: Any]
        guard normalizerConfig?["type"] as? String == "BertNormalizer" else {
            throw invalid("its normalizer is not BertNormalizer")
        }
        guard (root["pre_tokenizer"] as? [String: Any])?["type"] as? String == "BertPreTokenizer" else {
            throw invalid("its pre-tokenizer is not BertPreTokenizer")
        }
        let lowercase = normalizerConfig?["lowercase"] as? Bool ?? true
        let normalizer = BertNormalizer(
            cleanText: normalizerConfig?["clean_text"] as? Bool ?? true,
            handleChineseChars: normalizerConfig?["handle_chinese_chars"] as? Bool ?? true,
            // `null` means "as lowercase", as in the reference implementation.
            stripAccents: normalizerConfig?["strip_accents"] as? Bool ?? lowercase,
            lowercase: lowercase)
        let (prefix, suffix) = try Self.template(root["post_processor"] as? [String: Any], invalid: invalid)
        guard maximumLength > prefix.count + suffix.count else {
            throw invalid("a maximum of \(maximumLength) tokens leaves no room between the special tokens")
        }
        var added: [(scalars: [Unicode.Scalar], id: Int32)] = []
        for case let token as [String: Any] in root["added_tokens"] as? [Any] ?? [] {
            // Tokens marked `normalized` are matched after normalisation by the reference; none
            // of BERT's are, and such a token is left to the vocabulary here.
            guard token["normalized"] as? Bool != true, let content = token["content"] as? String, !content.isEmpty,
                let number = token["id"] as? NSNumber, let id = Int32(exactly: number.doubleValue)
            else { continue }
            added.append((Array(content.unicodeScalars), id))
        }
        self.vocabulary = vocabulary
        self.unknownID = unknownID
        self.continuationPrefix = Array((model["continuing_subword_prefix"] as? String ?? "##").utf8)
        self.maximumWordCharacters = (model["max_input_chars_per_word"] as? NSNumber)?.intValue ?? 100
        self.normalizer = normalizer
        self.prefixIDs = prefix
        self.suffixIDs = suffix
        self.addedTokens = added.sorted { $0.scalars.count > $1.scalars.count }
        self.maximumLength = maximumLength
        self.largestID = max(vocabulary.values.max() ?? 0, (prefix + suffix + added.map(\.id)).max() ?? 0)
    }

    /// The ids of one sentence: `[CLS]`, its pieces (cut to fit), `[SEP]`.
    public func encode(_ text: String) -> [Int32] {
        var pieces: [Int32] = []
        for segment in segments(Array(text.unicodeScalars)) {
            switch segment {
            case .special(let id):
                pieces.append(id)
            case .text(let scalars):
                for word in BertPreTokenizer.words(normalizer.normalize(scalars)) {
                    wordPieces(word, into: &pieces)
                }
            }
        }
        let room = maximumLength - prefixIDs.count - suffixIDs.count
        return prefixIDs + pieces.prefix(room) + suffixIDs
    }

    private enum Segment {
        case text([Unicode.Scalar])
        case special(Int32)
    }

    /// The raw text split around literal special tokens, leftmost match first, longest at a
    /// position.
    private func segments(_ text: [Unicode.Scalar]) -> [Segment] {
        guard !addedTokens.isEmpty else { return [.text(text)] }
        var result: [Segment] = []
        var start = 0
        var index = 0
        while index < text.count {
            let match = addedTokens.first { token in
                index + token.scalars.count <= text.count && text[index..<index + token.scalars.count].elementsEqual(token.scalars)
            }
            if let match {
                if start < index { result.append(.text(Array(text[start..<index]))) }
                result.append(.special(match.id))
                index += match.scalars.count
                start = index
            } else {
                index += 1
            }
        }
        if start < text.count { result.append(.text(Array(text[start...]))) }
        return result
    }

    /// Greedy longest-match-first WordPiece over one word.
    private func wordPieces(_ word: ArraySlice<Unicode.Scalar>, into pieces: inout [Int32]) {
        guard word.count <= maximumWordCharacters else {
            pieces.append(unknownID)
            return
        }
        // UTF-8 offsets of each scalar, so candidate pieces are byte slices.
        var bytes: [UInt8] = []
        var offsets: [Int] = [0]
        for scalar in word {
            bytes.append(contentsOf: String(scalar).utf8)
            offsets.append(bytes.count)
        }
        var found: [Int32] = []
        var start = 0
        while start < word.count {
            var end = word.count
            var match: Int32?
            while start < end {
                let piece = Array(bytes[offsets[start]..<offsets[end]])
                if let id = vocabulary[start > 0 ? continuationPrefix + piece : piece] {
                    match = id
                    break
                }
                end -= 1
            }
            guard let match else {
                pieces.append(unknownID)
                return
            }
            found.append(match)
            start = end
        }
        pieces.append(contentsOf: found)
    }

    /// The special ids around a single sentence, from a `TemplateProcessing` or `BertProcessing`
    /// post-processor.
    private static func template(
        _ config: [String: Any]?, invalid: (String) -> SemanticError
    ) throws -> (prefix: [Int32], suffix: [Int32]) {
        switch config?["type"] as? String {
        case "TemplateProcessing":
            guard let single = config?["single"] as? [[String: Any]],
                let specials = config?["special_tokens"] as? [String: Any]
            else { throw invalid("its template has no single-sentence form") }
            var prefix: [Int32] = []
            var suffix: [Int32] = []
            var seenSequence = false
            for item in single {
                if item["Sequence"] != nil {
                    seenSequence = true
                } else if let special = item["SpecialToken"] as? [String: Any], let name = special["id"] as? String,
                    let ids = (specials[name] as? [String: Any])?["ids"] as? [NSNumber]
                {
                    let converted = ids.compactMap { Int32(exactly: $0.doubleValue) }
                    if seenSequence { suffix += converted } else { prefix += converted }
                } else {
                    throw invalid("its template names a special token it does not define")
                }
            }
            return (prefix, suffix)
        case "BertProcessing":
            guard let cls = (config?["cls"] as? [Any])?.last as? NSNumber, let sep = (config?["sep"] as? [Any])?.last as? NSNumber,
                let clsID = Int32(exactly: cls.doubleValue), let sepID = Int32(exactly: sep.doubleValue)
            else { throw invalid("its BertProcessing lacks cls or sep") }
            return ([clsID], [sepID])
        default:
            throw invalid("its post-processor is neither TemplateProcessing nor BertProcessing")
        }
    }
}
