/// A record that one tier (or model) failed and the router moved on.
public struct DegradeNote: Sendable, Equatable, Codable {
    public var tier: ScoringTier
    public var provider: LLMProvider?
    public var model: String?
    public var reason: DegradeReason
    /// Short technical detail (HTTP status, curl code, schema field). Never transcript or key.
    public var detail: String

    public init(tier: ScoringTier, provider: LLMProvider?, model: String?, reason: DegradeReason, detail: String) {
        self.tier = tier
        self.provider = provider
        self.model = model
        self.reason = reason
        self.detail = detail
    }
}
