/// The full judgment of one answer: seven 1–5 criteria, pronunciation, structure map, tips,
/// content and delivery subtotals, an overall score and where each part came from.
///
/// Weights (README, *Scores*; `ScoreWeights`): content = harmonic mean of Structure and
/// Relevance, capped at Relevance for an off-topic answer (Relevance ≤ 2); delivery = mean of
/// Fluency, Pace, Delivery, Engagement and Conciseness; overall = (2 × content + delivery) / 3.
///
/// Only judged criteria count (`CriterionScore.score` nil = not judged): each subtotal comes from
/// its judged criteria (content from Structure and Relevance when both were judged, else the one
/// there is), nil when it has none, and overall is the weighted mean of the subtotals there are —
/// the delivery subtotal alone when content was not judged (an untrusted transcript), nil when
/// nothing was judged.
public struct ScoreRubric: Sendable, Equatable, Codable {
    /// Version of the rubric rules (bands, score mappings, weights, prompt); bump when any of
    /// them changes. 2: structure from sections found, order and proportion; subtotals and
    /// content-weighted overall; tips by weakest criterion; semantic tier. 3: content as the
    /// harmonic mean of Structure and Relevance, off-topic answers' content capped at Relevance.
    /// 4: a section is out of proportion relative to the even share, not past a fixed 60 %.
    public static let version = "coach-rubric-4"

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
    /// Harmonic mean of Structure and Relevance (at most Relevance when that is ≤ 2), one
    /// decimal; the one judged when the other was not; nil when neither was judged.
    public var content: Double?
    /// Mean of the judged of Fluency, Pace, Delivery, Engagement and Conciseness, one decimal;
    /// nil when none was judged.
    public var deliverySubtotal: Double?
    /// (2 × content + delivery) / 3 from the unrounded subtotals, one decimal (1.0–5.0); the one
    /// subtotal there is when the other was not judged; nil when nothing was judged.
    public var overall: Double?
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
        (content, deliverySubtotal, overall) = Self.totals(
            content: [structure, relevance], delivery: [fluency, pace, delivery, engagement, conciseness])
    }

    /// Subtotals and overall (`ScoreWeights`) from the judged criteria, each rounded to one
    /// decimal; the overall comes from the unrounded subtotals.
    static func totals(content: [CriterionScore], delivery: [CriterionScore]) -> (Double?, Double?, Double?) {
        let c = content.compactMap(\.score), d = delivery.compactMap(\.score)
        // Content is [Structure, Relevance]; with one of them not judged, the other alone.
        let contentValue = c.count == 2 && content.count == 2
            ? ScoreWeights.content(structure: c[0], relevance: c[1]) : ScoreWeights.mean(c)
        let deliveryValue = ScoreWeights.mean(d)
        let overall: Double?
        switch (contentValue, deliveryValue) {
        case let (content?, delivery?): overall = ScoreWeights.overall(content: content, delivery: delivery)
        case let (content?, nil): overall = content
        case let (nil, delivery?): overall = delivery
        case (nil, nil): overall = nil
        }
        return (contentValue.map(ScoreWeights.oneDecimal), deliveryValue.map(ScoreWeights.oneDecimal), overall.map(ScoreWeights.oneDecimal))
    }

    private enum CodingKeys: String, CodingKey {
        case drillID, prompt, structure, relevance, fluency, pace, delivery, engagement, conciseness
        case pronunciation, structureMap, tips, content, deliverySubtotal, overall, provenance
    }

    /// Writes every key, `null` for what was not judged.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(drillID, forKey: .drillID)
        try c.encode(prompt, forKey: .prompt)
        try c.encode(structure, forKey: .structure)
        try c.encode(relevance, forKey: .relevance)
        try c.encode(fluency, forKey: .fluency)
        try c.encode(pace, forKey: .pace)
        try c.encode(delivery, forKey: .delivery)
        try c.encode(engagement, forKey: .engagement)
        try c.encode(conciseness, forKey: .conciseness)
        try c.encodeIfPresent(pronunciation, forKey: .pronunciation)
        try c.encode(structureMap, forKey: .structureMap)
        try c.encode(tips, forKey: .tips)
        try c.encode(content, forKey: .content)
        try c.encode(deliverySubtotal, forKey: .deliverySubtotal)
        try c.encode(overall, forKey: .overall)
        try c.encode(provenance, forKey: .provenance)
    }

    /// Rubrics stored before version 2 have no subtotals: they are computed from the criteria,
    /// and the stored overall is kept as it was judged.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        drillID = try c.decode(String.self, forKey: .drillID)
        prompt = try c.decode(String.self, forKey: .prompt)
        structure = try c.decode(CriterionScore.self, forKey: .structure)
        relevance = try c.decode(CriterionScore.self, forKey: .relevance)
        fluency = try c.decode(CriterionScore.self, forKey: .fluency)
        pace = try c.decode(CriterionScore.self, forKey: .pace)
        delivery = try c.decode(CriterionScore.self, forKey: .delivery)
        engagement = try c.decode(CriterionScore.self, forKey: .engagement)
        conciseness = try c.decode(CriterionScore.self, forKey: .conciseness)
        pronunciation = try c.decodeIfPresent(Double.self, forKey: .pronunciation)
        structureMap = try c.decode([StructureSpan].self, forKey: .structureMap)
        tips = try c.decode([CoachingTip].self, forKey: .tips)
        provenance = try c.decode(ScoringProvenance.self, forKey: .provenance)
        let totals = Self.totals(
            content: [structure, relevance], delivery: [fluency, pace, delivery, engagement, conciseness])
        // A key written as null (not judged) is kept as nil; only a missing key is computed.
        content = c.contains(.content) ? try c.decodeIfPresent(Double.self, forKey: .content) : totals.0
        deliverySubtotal = c.contains(.deliverySubtotal) ? try c.decodeIfPresent(Double.self, forKey: .deliverySubtotal) : totals.1
        overall = c.contains(.overall) ? try c.decodeIfPresent(Double.self, forKey: .overall) : totals.2
    }

    /// The criteria with their names, in display order.
    public var criteria: [(name: String, score: CriterionScore)] {
        [
            ("Structure", structure), ("Relevance", relevance), ("Fluency", fluency), ("Pace", pace),
            ("Delivery", delivery), ("Engagement", engagement), ("Conciseness", conciseness),
        ]
    }
}
