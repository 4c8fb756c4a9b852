/// A follow-up question the coach asks about an answer, with the evidence that called for it.
public struct FollowUp: Sendable, Equatable, Codable {
    /// Where the question came from.
    public enum Source: String, Sendable, Codable {
        /// The on-device evidence rules (`FollowUpPlanner`).
        case evidence
        /// An LLM tier, checked against the transcript.
        case llm
    }

    /// What the coach says.
    public var text: String
    /// Why, in a short lower-case phrase ("no Result section found").
    public var reason: String
    public var source: Source

    public init(text: String, reason: String, source: Source) {
        self.text = text
        self.reason = reason
        self.source = source
    }
}
