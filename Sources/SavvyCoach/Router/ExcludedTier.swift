/// A tier left out of the plan and why ("offline", "GROQ_API_KEY not set").
public struct ExcludedTier: Sendable, Equatable, Codable {
    public var tier: ScoringTier
    public var provider: LLMProvider?
    public var why: String

    public init(tier: ScoringTier, provider: LLMProvider?, why: String) {
        self.tier = tier
        self.provider = provider
        self.why = why
    }
}
