/// The Structure criterion from a section map, the same rule for every tier.
///
/// Starts at 5 and subtracts for what a listener would miss: the first missing section −3 and
/// each further one −1 (a STAR answer without its Result has not answered the question), sections
/// out of the drill's order −2, and one section out of proportion −1 (an answer that is 80 %
/// Situation is weak even with every part present). Clamped to 1–5.
///
/// Out of proportion means one section leaves the others, on average, less than half of their
/// even share of the time: with n sections found, it takes more than (n + 1) / 2n of it — 62.5 %
/// of a four-part answer, 66.7 % of a three-part one. A fixed share would not do: the middle of
/// an impromptu talk or the Action of a STAR answer is meant to be the largest part, and 62 % of
/// a three-part talk is its body, not a lopsided answer. Only for drills of three or more sections, where one part can starve several.
public enum StructureAssessment {
    /// The other sections' average share, as a fraction of their even share, below which the
    /// remaining section is out of proportion.
    public static let starvedShare = 0.5

    public static func score(spans: [StructureSpan], inOrder: Bool, tier: ScoringTier) -> CriterionScore {
        let missing = spans.filter { !$0.isPresent }.map(\.name)
        let found = spans.filter(\.isPresent)
        var score = 5
        var faults: [String] = []
        if !missing.isEmpty {
            score -= 3 + (missing.count - 1)
            faults.append("missing \(missing.joined(separator: ", "))")
        }
        if !inOrder, found.count > 1 {
            score -= 2
            let spoken = found.sorted { ($0.start ?? 0) < ($1.start ?? 0) }.map(\.name)
            faults.append("out of order (\(spoken.joined(separator: " → ")))")
        }
        if let dominant = dominantSection(spans) {
            score -= 1
            faults.append("\(dominant.name) takes \(Int((dominant.share * 100).rounded()))% of the time")
        }
        let foundPart = found.isEmpty ? "no sections found" : "found \(found.map(\.name).joined(separator: ", "))"
        let reason = faults.isEmpty
            ? "all sections present, in order and in proportion: \(found.map(\.name).joined(separator: ", "))"
            : faults.joined(separator: "; ") + "; " + foundPart
        return CriterionScore(score: score, reason: reason, tier: tier, inOrder: inOrder)
    }

    /// Structure of a recording that does not read like an answer of the drill at all (the
    /// semantic tier's `AnswerGate`: conversation, a reading): 1, with no section looked for.
    public static func notAnAnswer(drill: Drill, tier: ScoringTier) -> CriterionScore {
        let parts = drill.sections.map(\.name).joined(separator: ", ")
        return CriterionScore(
            score: 1, reason: "does not read like \(drill.titleWithArticle) at all: no \(parts); no sections found", tier: tier,
            inOrder: true)
    }

    /// The section that leaves the other found sections, on average, less than `starvedShare` of
    /// their even share of the found sections' time, if any; only for drills of three or more
    /// sections.
    public static func dominantSection(_ spans: [StructureSpan]) -> (name: String, share: Double)? {
        guard spans.count >= 3 else { return nil }
        let durations = spans.compactMap { span -> (String, Double)? in
            guard let start = span.start, let end = span.end else { return nil }
            return (span.name, max(0, end - start))
        }
        let total = durations.reduce(0) { $0 + $1.1 }
        guard durations.count >= 2, total > 0, let longest = durations.max(by: { $0.1 < $1.1 }) else { return nil }
        let share = longest.1 / total
        let n = Double(durations.count)
        // The others' mean share (1 − share) / (n − 1) below starvedShare / n.
        return (1 - share) / (n - 1) < starvedShare / n ? (longest.0, share) : nil
    }
}
