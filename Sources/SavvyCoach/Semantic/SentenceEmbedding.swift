/// Turns sentences into unit-length vectors whose dot product measures similarity of meaning.
///
/// The semantic tier depends on this protocol rather than on the encoder itself so the coach
/// library stays free of the model's C dependencies; the CLI passes the real MiniLM encoder.
public protocol SentenceEmbedding: AnyObject {
    /// The model id recorded in provenance, e.g. "all-MiniLM-L6-v2".
    var modelID: String { get }
    /// One L2-normalised vector per sentence, in order; all of the same length.
    func embed(_ sentences: [String]) throws -> [[Float]]
}
