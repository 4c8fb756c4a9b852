/// A short cue shown while someone speaks.
public struct Nudge: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The rolling pace ran above the band.
        case slowDown
        /// The rolling pace ran below the band.
        case speedUp
        /// A cluster of hesitation fillers.
        case fillers
    }

    public var kind: Kind
    /// Audio time of the recording when it was given, seconds.
    public var at: Double

    public init(kind: Kind, at: Double) {
        self.kind = kind
        self.at = at
    }

    /// The words shown on the status line.
    public var text: String {
        switch kind {
        case .slowDown: return "slow down"
        case .speedUp: return "a little faster"
        case .fillers: return "pause instead of um"
        }
    }
}
