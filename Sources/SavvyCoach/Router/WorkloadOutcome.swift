/// What actually happened for one workload: the tier that answered and every degrade on the way.
public struct WorkloadOutcome: Sendable, Equatable, Codable {
    public var workload: Workload
    /// The tier whose answer is in the rubric.
    public var tier: ScoringTier
    public var provider: LLMProvider?
    /// The model that produced the answer (the escalation model if escalation happened).
    public var model: String?
    /// True when a low structure confidence made the router ask the larger model.
    public var escalated: Bool
    /// True when the model answer came from the judgment cache.
    public var cacheHit: Bool
    /// Tiers tried before `tier`, in order, with why each was left.
    public var degraded: [DegradeNote]
    /// Model-proposed sections (and tip quotes, as "tip") removed by grounding.
    public var dropped: [DroppedSection]

    public init(
        workload: Workload, tier: ScoringTier, provider: LLMProvider?, model: String?, escalated: Bool,
        cacheHit: Bool, degraded: [DegradeNote], dropped: [DroppedSection]
    ) {
        self.workload = workload
        self.tier = tier
        self.provider = provider
        self.model = model
        self.escalated = escalated
        self.cacheHit = cacheHit
        self.degraded = degraded
        self.dropped = dropped
    }
}
