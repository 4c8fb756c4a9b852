/// One concrete thing to change next time, with the evidence that prompted it.
public struct CoachingTip: Sendable, Equatable, Codable {
    /// The advice, one or two sentences.
    public var text: String
    /// What it is based on: counts, rates, times ("4 fillers (5.1/min) at 0:12, 0:31, 0:47").
    public var evidence: String
    /// Seconds into the recording the tip points at, when it points at one moment.
    public var at: Double?
    /// The tier that wrote it.
    public var tier: ScoringTier

    public init(text: String, evidence: String, at: Double?, tier: ScoringTier) {
        self.text = text
        self.evidence = evidence
        self.at = at
        self.tier = tier
    }
}
