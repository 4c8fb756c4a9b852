/// Per-request flags from the command line.
public struct ScoringOptions: Sendable, Equatable {
    public var coach: CoachMode
    /// `--offline`: no tier that needs the network (cloud); loopback stays allowed.
    public var offline: Bool
    /// `--no-cache`: do not read cached judgments (fresh answers still refresh the cache).
    public var noCache: Bool

    public init(coach: CoachMode = .auto, offline: Bool = false, noCache: Bool = false) {
        self.coach = coach
        self.offline = offline
        self.noCache = noCache
    }
}
