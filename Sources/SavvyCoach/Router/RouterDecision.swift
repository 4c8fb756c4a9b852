/// The router's plan: for each workload, the ordered tiers it may try, and the tiers excluded.
///
/// A pure function of configuration and options (no network), so tests can inspect it and the
/// store can keep it with the score.
public struct RouterDecision: Sendable, Equatable, Codable {
    /// One workload's ordered candidates.
    public struct Plan: Sendable, Equatable, Codable {
        public var workload: Workload
        public var candidates: [TierCandidate]

        public init(workload: Workload, candidates: [TierCandidate]) {
            self.workload = workload
            self.candidates = candidates
        }
    }

    /// One plan per workload, in `Workload.allCases` order.
    public var plans: [Plan]
    /// Capabilities that were not real, with the reason.
    public var excluded: [ExcludedTier]

    public init(plans: [Plan], excluded: [ExcludedTier]) {
        self.plans = plans
        self.excluded = excluded
    }

    /// The ordered candidates for `workload` (empty if it has no plan).
    public func candidates(for workload: Workload) -> [TierCandidate] {
        plans.first { $0.workload == workload }?.candidates ?? []
    }
}
