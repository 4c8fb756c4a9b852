/// Which content judge the user asked for (`--coach`).
public enum CoachMode: String, Sendable, Codable, CaseIterable {
    /// Configured LLM tiers first, heuristic last; cloud only when enabled in the config.
    case auto
    /// The offline heuristic only.
    case heuristic
    /// An LLM tier is required; this also opts in to the cloud providers that have keys.
    case llm
}
