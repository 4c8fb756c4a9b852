/// Which tiers, models and rules produced a rubric, and every degrade on the way.
public struct ScoringProvenance: Sendable, Equatable, Codable {
    /// `ScoreRubric.version` at scoring time.
    public var rubricVersion: String
    /// `RubricPrompt.version` when an LLM tier was planned; nil for heuristic-only plans.
    public var promptVersion: String?
    /// The plan the router made.
    public var decision: RouterDecision
    /// One outcome per workload judged, in `Workload.allCases` order (only `deliveryMetrics` when
    /// the transcript was not trusted and content was not judged).
    public var outcomes: [WorkloadOutcome]

    public init(rubricVersion: String, promptVersion: String?, decision: RouterDecision, outcomes: [WorkloadOutcome]) {
        self.rubricVersion = rubricVersion
        self.promptVersion = promptVersion
        self.decision = decision
        self.outcomes = outcomes
    }

    /// The outcome for `workload`, if scored.
    public func outcome(for workload: Workload) -> WorkloadOutcome? {
        outcomes.first { $0.workload == workload }
    }

    /// True when any workload fell back from a tier it preferred.
    public var isDegraded: Bool { outcomes.contains { !$0.degraded.isEmpty } }
}
