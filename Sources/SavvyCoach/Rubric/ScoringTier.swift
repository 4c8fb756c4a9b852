/// Who produced a judgment. Stored with every score so a rescore can say what changed.
public enum ScoringTier: String, Sendable, Codable, CaseIterable {
    /// Computed from delivery metrics; never a model.
    case deterministic
    /// The offline rubric in `HeuristicScorer`; always available, the last resort.
    case heuristic
    /// On-device sentence embeddings (`SemanticScorer`); when the sentence model is installed.
    case semantic
    /// An OpenAI-compatible server on loopback.
    case llmLocal = "llm-local"
    /// An OpenAI-compatible cloud endpoint (Groq, OpenAI, or a proxy).
    case llmCloud = "llm-cloud"
}
