/// A kind of judgment the router assigns to tiers.
public enum Workload: String, Sendable, Codable, CaseIterable {
    /// Fluency, pace, delivery, engagement, conciseness: numbers only, never a model.
    case deliveryMetrics
    /// Which drill sections are present and where (grounded against the transcript).
    case structureExtraction
    /// Relevance to the prompt and coaching prose.
    case semanticCoaching

    /// Tier preference before capability filtering (DESIGN.md §2). Local first for structure
    /// (cheap, private, and grounding catches its mistakes); cloud first for coaching prose; the
    /// on-device semantic tier below the LLMs and the cue-phrase heuristic as the last resort.
    public var preferredTiers: [ScoringTier] {
        switch self {
        case .deliveryMetrics: return [.deterministic]
        case .structureExtraction: return [.llmLocal, .llmCloud, .semantic, .heuristic]
        case .semanticCoaching: return [.llmCloud, .llmLocal, .semantic, .heuristic]
        }
    }
}
