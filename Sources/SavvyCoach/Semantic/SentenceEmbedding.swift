import SavvySemantic

/// Turns sentences into unit-length vectors whose dot product measures similarity of meaning,
/// and gives with each the pooled state of a middle layer of the same pass (`SentenceVectors`),
/// which keeps how the sentence is told.
///
/// The semantic tier depends on this protocol rather than on the encoder itself so that what
/// recurs between answers can be cached in front of it (`EmbeddingCache`); the CLI passes the
/// real MiniLM encoder.
public protocol SentenceEmbedding: AnyObject {
    /// The model id recorded in provenance, e.g. "all-MiniLM-L6-v2".
    var modelID: String { get }
    /// Per sentence, in order, its L2-normalised embedding and middle-layer vector; every
    /// embedding of one length, every middle vector of one length.
    func vectors(_ sentences: [String]) throws -> [SentenceVectors]
}
