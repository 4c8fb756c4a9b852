/// One tier the router may try for a workload, with the endpoint and models it would use.
public struct TierCandidate: Sendable, Equatable, Codable {
    public var tier: ScoringTier
    /// Nil for `deterministic` and `heuristic`.
    public var provider: LLMProvider?
    /// The model asked first; nil for non-LLM tiers.
    public var model: String?
    /// The larger model asked once when the first answers with low structure confidence.
    public var escalationModel: String?

    public init(tier: ScoringTier, provider: LLMProvider? = nil, model: String? = nil, escalationModel: String? = nil) {
        self.tier = tier
        self.provider = provider
        self.model = model
        self.escalationModel = escalationModel
    }
}
