/// Where one expected section of the drill was found in the answer, or that it is missing.
public struct StructureSpan: Sendable, Equatable, Codable {
    /// The drill section id, e.g. "task".
    public var sectionID: String
    /// Display name, e.g. "Task".
    public var name: String
    /// The section's opening words exactly as transcribed (at most 30 words); nil when missing.
    public var quote: String?
    /// Start of the section's first word and end of its last word, in seconds; nil when missing.
    public var start: Double?
    public var end: Double?

    public init(sectionID: String, name: String, quote: String?, start: Double?, end: Double?) {
        self.sectionID = sectionID
        self.name = name
        self.quote = quote
        self.start = start
        self.end = end
    }

    /// Whether the section was found (and, for model output, grounded in the transcript).
    public var isPresent: Bool { quote != nil }
}
