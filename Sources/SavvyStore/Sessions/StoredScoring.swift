import Foundation

/// A scoring as read back from the database.
public struct StoredScoring: Sendable, Equatable {
    /// The scoring's id; larger ids are later scorings.
    public var id: Int64
    /// The session it judges.
    public var sessionID: Int64
    /// When it was made.
    public var createdAt: Date
    /// The tier that produced it.
    public var tier: String
    /// The model id, nil for the heuristic tier.
    public var model: String?
    /// Rubric version.
    public var rubricVersion: String
    /// Overall score.
    public var overall: Double?
    /// Rubric JSON as saved.
    public var rubricJSON: Data
    /// Router decision JSON as saved.
    public var routerJSON: Data
    /// Why it degraded, if it did.
    public var degradedReason: String?
    /// The transcript and delivery it was made from, when not the session's.
    public var delivery: ScoringDelivery? = nil
}
