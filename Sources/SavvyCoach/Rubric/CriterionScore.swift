/// One rubric line: a 1–5 score, the reason in one line, and which tier gave it.
public struct CriterionScore: Sendable, Equatable, Codable {
    /// 1 (poor) to 5 (excellent); always clamped into that range.
    public var score: Int
    /// One line naming the evidence (numbers, sections, times).
    public var reason: String
    public var tier: ScoringTier
    /// Structure only: whether the found sections were spoken in the drill's order (JSON
    /// `structure.inOrder`); nil for every other criterion.
    public var inOrder: Bool?

    public init(score: Int, reason: String, tier: ScoringTier, inOrder: Bool? = nil) {
        self.score = min(5, max(1, score))
        self.reason = reason
        self.tier = tier
        self.inOrder = inOrder
    }
}
