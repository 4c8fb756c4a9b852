/// A target speaking length in seconds, inclusive at both ends.
public struct DurationRange: Sendable, Equatable, Codable {
    public var minSeconds: Double
    public var maxSeconds: Double

    public init(minSeconds: Double, maxSeconds: Double) {
        self.minSeconds = minSeconds
        self.maxSeconds = maxSeconds
    }

    /// How far `seconds` lies outside the range, as a fraction of the nearest bound (0 inside).
    public func relativeMiss(_ seconds: Double) -> Double {
        if seconds < minSeconds { return (minSeconds - seconds) / minSeconds }
        if seconds > maxSeconds { return (seconds - maxSeconds) / maxSeconds }
        return 0
    }
}
