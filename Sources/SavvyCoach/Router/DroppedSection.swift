/// A structure section a model proposed that did not reach the score, and why.
public struct DroppedSection: Sendable, Equatable, Codable {
    public var sectionID: String
    /// "quote not found in transcript", "quote too short", "unknown section", "duplicate section".
    public var why: String

    public init(sectionID: String, why: String) {
        self.sectionID = sectionID
        self.why = why
    }
}
