/// Checks a validated model answer against the transcript and the on-device judgment, and keeps
/// only what survives: the LLM tier may add to the on-device tier but never make the rubric worse.
///
/// - Structure: sections must quote the transcript (`Grounder`); the reason must be prose; the
///   map must be plausible against the on-device map (order, placement, coverage, below); the
///   score must agree with the model's own grounded sections. Anything else keeps the on-device
///   structure and says why.
/// - Relevance: the reason must be prose and the score within two points of the on-device
///   (semantic) Relevance when there is one, or the on-device criterion stays.
/// - Tips: prose, distinct from each other (near-duplicates too), quoting the transcript.
enum JudgmentReview {
    /// Seconds a model section may start outside the on-device section's extent and still agree
    /// (the placement tolerance the content figures use).
    static let placementTolerance = 1.5

    /// The model's structure, or why the on-device structure stays.
    enum Structure {
        case accepted(criterion: CriterionScore, spans: [StructureSpan], dropped: [DroppedSection])
        case rejected(reason: DegradeReason, detail: String, dropped: [DroppedSection])
    }

    /// Reviews the model's sections, score and reason.
    /// - Parameters:
    ///   - onDevice: the map the router computed without a model (one span per drill section).
    ///   - onDeviceInOrder: whether that map's sections run in the drill's order.
    static func structure(
        _ judgment: ModelJudgment, drill: Drill, index: TranscriptIndex, onDevice: [StructureSpan], onDeviceInOrder: Bool,
        tier: ScoringTier
    ) -> Structure {
        let grounded = Grounder.structure(judgment.sections, drill: drill, index: index)
        let proposed = judgment.sections.count
        // Sections claimed with no evidence at all say nothing about this answer.
        if proposed > 0, !grounded.spans.contains(where: \.isPresent) {
            return .rejected(
                reason: .ungrounded,
                detail: "none of \(proposed) proposed sections quotes the transcript ("
                    + grounded.dropped.map { "\($0.sectionID): \($0.why)" }.joined(separator: "; ") + ")",
                dropped: grounded.dropped)
        }
        if let why = ProseCheck.problem(judgment.structureReason, limit: ProseCheck.reasonLimit) {
            return .rejected(reason: .failedChecks, detail: "structure reason is not usable prose (\(why))", dropped: grounded.dropped)
        }
        if let why = implausibility(model: grounded.spans, modelInOrder: grounded.inOrder, onDevice: onDevice, onDeviceInOrder: onDeviceInOrder) {
            return .rejected(reason: .implausible, detail: why, dropped: grounded.dropped)
        }
        // The score follows the sections the model could prove: at most what they support, and
        // at most one point below it (a model calling a complete, ordered map 1/5 contradicts itself).
        let supported = HeuristicScorer.structureScore(spans: grounded.spans, inOrder: grounded.inOrder, tier: tier)
        let said = min(5, max(1, judgment.structureScore))
        // StructureAssessment always judges; without a ceiling the model's score would stand.
        let ceiling = supported.score ?? said
        let score = min(ceiling, max(said, ceiling - 1))
        let reason = score == said ? judgment.structureReason : "\(supported.reason) (model said \(said))"
        return .accepted(
            criterion: CriterionScore(score: score, reason: reason, tier: tier, inOrder: grounded.inOrder), spans: grounded.spans,
            dropped: grounded.dropped)
    }

    /// Why the model's grounded map cannot be right given the on-device map, or nil.
    ///
    /// Three contradictions, each needing at least two sections on both sides so one odd section
    /// never overrules a model: the model's sections run out of the drill's order where the
    /// on-device map finds them in order; most sections both maps found start inside a different
    /// section of the on-device map; the model proves fewer than half the sections the on-device
    /// map finds.
    static func implausibility(
        model: [StructureSpan], modelInOrder: Bool, onDevice: [StructureSpan], onDeviceInOrder: Bool
    ) -> String? {
        let modelFound = model.filter(\.isPresent)
        let deviceFound = onDevice.filter(\.isPresent)
        // A model that proves no section at all is held to the coverage rule too (Gemma 3 270M
        // answers `"sections": []` with a reason of its own).
        guard deviceFound.count >= 2 else { return nil }
        if modelFound.count >= 2, !modelInOrder, onDeviceInOrder {
            let order = modelFound.sorted { ($0.start ?? 0) < ($1.start ?? 0) }.map(\.name)
            return "the model's sections run out of order (\(order.joined(separator: ", "))) where the on-device map finds them in order"
        }
        var common = 0
        var misplaced: [String] = []
        for span in modelFound {
            guard let start = span.start, let own = onDevice.first(where: { $0.sectionID == span.sectionID && $0.isPresent }),
                  let ownStart = own.start, let ownEnd = own.end
            else { continue }
            common += 1
            let agrees = start >= ownStart - placementTolerance && start <= ownEnd + placementTolerance
            if !agrees, let other = deviceFound.first(where: { $0.sectionID != span.sectionID && start >= ($0.start ?? 0) && start <= ($0.end ?? 0) }) {
                misplaced.append("\(span.name) at \(Clock.format(start)) is the on-device \(other.name) "
                    + "(\(Clock.format(other.start ?? 0))–\(Clock.format(other.end ?? 0)))")
            }
        }
        if common >= 2, misplaced.count * 2 > common {
            return "the model misplaces \(misplaced.count) of \(common) sections: " + misplaced.joined(separator: "; ")
        }
        if modelFound.count * 2 < deviceFound.count {
            return "the model proves \(modelFound.count) section\(modelFound.count == 1 ? "" : "s") where the on-device map finds \(deviceFound.count)"
        }
        return nil
    }

    /// Points between the model's Relevance and the on-device one from which the model's is
    /// refused: three points apart, one of the two has the answer on the wrong side of the
    /// question (on topic against off topic: 1 against 4, 2 against 5), and the on-device
    /// judgment is the calibrated one.
    static let relevanceGap = 3

    /// The model's relevance criterion, or why the on-device one stays.
    /// - Parameter onDevice: the semantic tier's Relevance when it judged this answer; the
    ///   model's score is refused when it lies `relevanceGap` or more points from it. Without it
    ///   (no sentence model) nothing is compared: word overlap is no check on a model.
    static func relevance(_ judgment: ModelJudgment, onDevice: CriterionScore?, tier: ScoringTier)
        -> Result<CriterionScore, LLMFailure>
    {
        if let why = ProseCheck.problem(judgment.relevanceReason, limit: ProseCheck.reasonLimit) {
            return .failure(LLMFailure(reason: .failedChecks, detail: "relevance reason is not usable prose (\(why))"))
        }
        let said = min(5, max(1, judgment.relevanceScore))
        if let onDevice, let device = onDevice.score, abs(said - device) >= relevanceGap {
            let verdict = device <= 2 ? "off topic" : "on topic"
            return .failure(LLMFailure(
                reason: .implausible,
                detail: "the model's relevance \(said)/5 contradicts the on-device \(device)/5, which finds the "
                    + "answer \(verdict) (\(onDevice.reason))"))
        }
        return .success(CriterionScore(score: said, reason: judgment.relevanceReason, tier: tier))
    }

    /// Model tips that are prose, not themselves transcript text, not a repeat of an earlier tip,
    /// and quote the transcript; the rest are dropped with the reason.
    static func tips(_ tips: [ModelJudgment.Tip], index: TranscriptIndex, tier: ScoringTier)
        -> (tips: [CoachingTip], dropped: [DroppedSection])
    {
        var kept: [ModelJudgment.Tip] = []
        var dropped: [DroppedSection] = []
        for tip in tips {
            if let why = ProseCheck.problem(tip.text, limit: ProseCheck.tipLimit) {
                dropped.append(DroppedSection(sectionID: "tip", why: "not usable prose (\(why))"))
            } else if case .found = Grounder.locate(tip.text, in: index) {
                // Advice is the model's words; a tip that is itself a transcript quote advises nothing.
                dropped.append(DroppedSection(sectionID: "tip", why: "only repeats the transcript"))
            } else if kept.contains(where: { ProseCheck.nearDuplicate($0.text, tip.text) }) {
                dropped.append(DroppedSection(sectionID: "tip", why: "repeats an earlier tip"))
            } else {
                kept.append(tip)
            }
        }
        let grounded = Grounder.tips(kept, index: index, tier: tier)
        return (grounded.tips, dropped + grounded.dropped)
    }

    /// `tips` without near-duplicates of an earlier tip (a model tip and an evidence tip can say
    /// the same thing in other words); the first of each group stays.
    static func distinct(_ tips: [CoachingTip]) -> [CoachingTip] {
        var kept: [CoachingTip] = []
        for tip in tips where !kept.contains(where: { ProseCheck.nearDuplicate($0.text, tip.text) }) {
            kept.append(tip)
        }
        return kept
    }
}
