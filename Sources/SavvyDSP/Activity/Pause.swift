/// A silent gap inside the speech (not before the first or after the last speech frame).
public struct Pause: Sendable, Equatable, Codable {
    /// Pause class by duration (Campione & Véronis 2002 style bands used by savvy).
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// Shorter than the long-pause bound (default 1 s): ordinary phrasing.
        case normal
        /// Between the long-pause and stall bounds (default 1–3 s): emphasis or searching.
        case long
        /// Longer than the stall bound (default 3 s): the speaker lost the thread.
        case stall
    }

    /// Start of the silence in seconds from the start of the recording.
    public var start: Double
    /// End of the silence in seconds.
    public var end: Double
    public var kind: Kind

    public init(start: Double, end: Double, kind: Kind) {
        self.start = start
        self.end = end
        self.kind = kind
    }

    /// Length of the silence in seconds.
    public var durationSeconds: Double { end - start }
}
