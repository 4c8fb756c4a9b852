import SavvyCoach

/// Who judged what, in words a person reads: "structure: local rubric", not
/// "structureExtraction: heuristic" or "llm-local local local → heuristic".
enum ProvenanceText {
    /// What a workload is, for the report's footer.
    static func name(_ workload: Workload) -> String {
        switch workload {
        case .deliveryMetrics: return "delivery numbers"
        case .structureExtraction: return "structure"
        case .semanticCoaching: return "coaching"
        }
    }

    /// Who a tier is, with its model when there is one.
    static func name(_ tier: ScoringTier, model: String? = nil) -> String {
        let who: String
        switch tier {
        case .deterministic: return "measured, no model"
        case .heuristic: return "local rubric"
        case .semantic: who = "on-device sentence model"
        case .llmLocal: who = "local model"
        case .llmCloud: who = "cloud model"
        }
        return who + (model.map { " \($0)" } ?? "")
    }

    /// `judged by delivery numbers: measured, no model · structure: local rubric · …`
    static func judged(_ provenance: ScoringProvenance) -> String {
        "judged by " + provenance.outcomes.map { "\(name($0.workload)): \(name($0.tier, model: $0.model))" }
            .joined(separator: " · ")
    }

    /// One line per tier that could not be used: what it was, why, and who judged instead.
    static func degraded(_ provenance: ScoringProvenance) -> [String] {
        provenance.outcomes.flatMap { outcome in
            outcome.degraded.map { note in
                "\(name(outcome.workload)): the \(name(note.tier, model: note.model)) was not used "
                    + "(\(note.reason.rawValue.replacingOccurrences(of: "-", with: " ")): \(note.detail)); "
                    + "the \(name(outcome.tier, model: outcome.model)) judged instead"
            }
        }
    }
}
