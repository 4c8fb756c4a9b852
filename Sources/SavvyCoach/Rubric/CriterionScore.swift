/// One rubric line: a 1–5 score, the reason in one line, and which tier gave it.
///
/// A criterion can be *not judged*: `score` is nil and `reason` says why (issue 9: a transcript
/// that cannot be trusted — another language, an unrepaired loop, words covering too little of
/// the speech — gives no content or word-based score rather than one computed from invented or
/// missing words). JSON writes such a score as `null`.
public struct CriterionScore: Sendable, Equatable, Codable {
    /// 1 (poor) to 5 (excellent), always clamped into that range; nil when not judged.
    public var score: Int?
    /// One line naming the evidence (numbers, sections, times), or why it was not judged.
    public var reason: String
    public var tier: ScoringTier
    /// Structure only: whether the found sections were spoken in the drill's order (JSON
    /// `structure.inOrder`); nil for every other criterion and when not judged.
    public var inOrder: Bool?

    public init(score: Int, reason: String, tier: ScoringTier, inOrder: Bool? = nil) {
        self.score = min(5, max(1, score))
        self.reason = reason
        self.tier = tier
        self.inOrder = inOrder
    }

    /// A criterion left unscored; `reason` is one lower-case line, shown after "not judged: ".
    public static func notJudged(reason: String, tier: ScoringTier) -> CriterionScore {
        CriterionScore(unscored: reason, tier: tier)
    }

    private init(unscored reason: String, tier: ScoringTier) {
        score = nil
        self.reason = reason
        self.tier = tier
        inOrder = nil
    }

    /// Whether the criterion has a score.
    public var isJudged: Bool { score != nil }

    private enum CodingKeys: String, CodingKey { case score, reason, tier, inOrder }

    /// Writes `score: null` when not judged (the key is always there, so a reader can tell "not
    /// judged" from an old document); `inOrder` only when set, as before.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(score, forKey: .score)
        try c.encode(reason, forKey: .reason)
        try c.encode(tier, forKey: .tier)
        try c.encodeIfPresent(inOrder, forKey: .inOrder)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        score = try c.decodeIfPresent(Int.self, forKey: .score)
        reason = try c.decode(String.self, forKey: .reason)
        tier = try c.decode(ScoringTier.self, forKey: .tier)
        inOrder = try c.decodeIfPresent(Bool.self, forKey: .inOrder)
    }
}
