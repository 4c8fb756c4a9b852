import SavvySemantic

/// The MiniLM encoder is the semantic tier's embedding.
extension SentenceEncoder: SentenceEmbedding {}
