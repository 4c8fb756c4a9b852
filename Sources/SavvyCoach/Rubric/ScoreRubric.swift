/// The full judgment of one answer: seven 1–5 criteria, pronunciation, structure map, tips,
/// an overall score and where each part came from.
public struct ScoreRubric: Sendable, Equatable, Codable {
    /// Version of the rubric rules (bands, score mappings, prompt); bump when any of them changes.
    public static let version = "coach-rubric-1"

    public var drillID: String
    /// The prompt the answer responded to.
    public var prompt: String

    /// Are the drill's sections present, in order?
    public var structure: CriterionScore
    /// Does the answer address the prompt?
    public var relevance: CriterionScore
    /// Fillers, stalls and long pauses.
    public var fluency: CriterionScore
    /// Words per minute against the pace band.
    public var pace: CriterionScore
    /// Clarity: pronunciation from ASR confidence and speech activity.
    public var delivery: CriterionScore
    /// Vocal variety: pitch SD and monotone stretches.
    public var engagement: CriterionScore
    /// Duration against the drill's target range.
    public var conciseness: CriterionScore

    /// 0–100 from ASR confidences, passed through from `DeliverySummary`; nil when not measured.
    public var pronunciation: Double?
    /// One entry per drill section, in the drill's order.
    public var structureMap: [StructureSpan]
    /// Two to four tips, most important first.
    public var tips: [CoachingTip]
    /// Mean of the seven criteria, rounded to one decimal (1.0–5.0).
    public var overall: Double
    public var provenance: ScoringProvenance

    public init(
        drillID: String, prompt: String, structure: CriterionScore, relevance: CriterionScore,
        fluency: CriterionScore, pace: CriterionScore, delivery: CriterionScore, engagement: CriterionScore,
        conciseness: CriterionScore, pronunciation: Double?, structureMap: [StructureSpan], tips: [CoachingTip],
        provenance: ScoringProvenance
    ) {
        self.drillID = drillID
        self.prompt = prompt
        self.structure = structure
        self.relevance = relevance
        self.fluency = fluency
        self.pace = pace
        self.delivery = delivery
        self.engagement = engagement
        self.conciseness = conciseness
        self.pronunciation = pronunciation
        self.structureMap = structureMap
        self.tips = tips
        self.provenance = provenance
        let criteria = [structure, relevance, fluency, pace, delivery, engagement, conciseness]
        // Integer sum first, then one division: the same scores always give the same overall.
        let sum = criteria.reduce(0) { $0 + $1.score }
        overall = (Double(sum * 10) / Double(criteria.count)).rounded() / 10
    }

    /// The criteria with their names, in display order.
    public var criteria: [(name: String, score: CriterionScore)] {
        [
            ("Structure", structure), ("Relevance", relevance), ("Fluency", fluency), ("Pace", pace),
            ("Delivery", delivery), ("Engagement", engagement), ("Conciseness", conciseness),
        ]
    }
}
