/// One part of a drill's expected structure (e.g. STAR "Task"), with what the heuristic looks for.
public struct DrillSection: Sendable, Equatable, Codable {
    /// Stable lower-case id used in structure maps and stored scores, e.g. "task".
    public var id: String
    /// Display name, e.g. "Task".
    public var name: String
    /// What the section should contain, one line; also given to the LLM tier.
    public var purpose: String
    /// Lower-case phrases that typically open this section in speech ("my task was").
    /// The heuristic tier matches them on word boundaries after normalisation.
    public var cues: [String]
    /// Where in the answer (fraction of sentences, 0 = first, 1 = last) a cue may count for
    /// this section. A "result" cue in the first sentence is more likely a preview than a result.
    public var earliest: Double
    public var latest: Double

    public init(id: String, name: String, purpose: String, cues: [String], earliest: Double, latest: Double) {
        self.id = id
        self.name = name
        self.purpose = purpose
        self.cues = cues
        self.earliest = earliest
        self.latest = latest
    }
}
