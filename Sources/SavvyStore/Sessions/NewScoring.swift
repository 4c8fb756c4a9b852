import Foundation

/// One judgment of a session: which tier and model scored it, and the rubric it produced.
///
/// A session can be scored many times (`savvy rescore`); each scoring is kept so changes in the
/// rubric or model can be compared.
public struct NewScoring: Sendable, Equatable {
    /// When the scoring was made (millisecond precision).
    public var createdAt: Date
    /// The tier that produced the rubric (`heuristic`, `llm-local`, `llm-cloud`).
    public var tier: String
    /// The model id, nil for the heuristic tier.
    public var model: String?
    /// Version of the rubric definition and prompt.
    public var rubricVersion: String
    /// The overall score on the rubric's scale; nil when the rubric has none.
    public var overall: Double?
    /// The `ScoreRubric` JSON.
    public var rubricJSON: Data
    /// The router's decision JSON (tiers considered, why each was skipped).
    public var routerJSON: Data
    /// Why a better tier was not used (timeout, 429, schema failure); nil when not degraded.
    public var degradedReason: String?
    /// The transcript and delivery this scoring was made from, when not the session's.
    public var delivery: ScoringDelivery?

    /// Creates a scoring value; see each property.
    public init(
        createdAt: Date, tier: String, model: String?, rubricVersion: String, overall: Double?, rubricJSON: Data,
        routerJSON: Data, degradedReason: String? = nil, delivery: ScoringDelivery? = nil
    ) {
        self.delivery = delivery
        self.createdAt = createdAt
        self.tier = tier
        self.model = model
        self.rubricVersion = rubricVersion
        self.overall = overall
        self.rubricJSON = rubricJSON
        self.routerJSON = routerJSON
        self.degradedReason = degradedReason
    }
}
