/// One part of a drill's expected structure (e.g. STAR "Task"), with the evidence the on-device
/// tiers look for.
public struct DrillSection: Sendable, Equatable, Codable {
    /// Stable lower-case id used in structure maps and stored scores, e.g. "task".
    public var id: String
    /// Display name, e.g. "Task".
    public var name: String
    /// What the section should contain, one line; also given to the LLM tier and embedded by
    /// the semantic tier as the section's description.
    public var purpose: String
    /// Example sentences of this section in varied wording. The semantic tier compares each
    /// sentence of an answer with all of them (the mean similarity, so no single phrasing
    /// dominates). `drills.json` may add more; built-in drills ship six per section.
    public var exemplars: [String]
    /// Lower-case phrases that typically open this section in speech ("my task was").
    /// The heuristic tier matches them on word boundaries after normalisation; the semantic tier
    /// uses them as one piece of evidence among several.
    public var cues: [String]
    /// Where in the answer (fraction of sentences, 0 = first, 1 = last) a cue may count for
    /// this section. A "result" cue in the first sentence is more likely a preview than a result.
    public var earliest: Double
    public var latest: Double

    public init(
        id: String, name: String, purpose: String, exemplars: [String] = [], cues: [String], earliest: Double,
        latest: Double
    ) {
        self.id = id
        self.name = name
        self.purpose = purpose
        self.exemplars = exemplars
        self.cues = cues
        self.earliest = earliest
        self.latest = latest
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, purpose, exemplars, cues, earliest, latest
    }

    /// `exemplars` is optional in `drills.json` (older files have none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        purpose = try container.decode(String.self, forKey: .purpose)
        exemplars = try container.decodeIfPresent([String].self, forKey: .exemplars) ?? []
        cues = try container.decode([String].self, forKey: .cues)
        earliest = try container.decode(Double.self, forKey: .earliest)
        latest = try container.decode(Double.self, forKey: .latest)
    }
}
