/// Thresholds that put one metric into green, amber or red, with where they come from.
public struct MetricBand: Sendable, Equatable {
    /// How the thresholds read.
    public enum Rule: Sendable, Equatable {
        /// Green inside `green`, amber inside `amber` (which contains `green`), red outside.
        case target(green: ClosedRange<Double>, amber: ClosedRange<Double>)
        /// Green at or below `green`, amber below `redFrom`, red from `redFrom` up.
        case atMost(green: Double, redFrom: Double)
        /// Green at or above `green`, amber at or above `amberFrom`, red below.
        case atLeast(green: Double, amberFrom: Double)
    }

    /// Metric name as shown, e.g. "pace".
    public var metric: String
    /// Unit of the value, e.g. "wpm".
    public var unit: String
    public var rule: Rule
    /// The study or product the thresholds come from.
    public var source: String

    public init(metric: String, unit: String, rule: Rule, source: String) {
        self.metric = metric
        self.unit = unit
        self.rule = rule
        self.source = source
    }

    /// The band `value` falls in.
    public func classify(_ value: Double) -> Band {
        switch rule {
        case let .target(green, amber):
            if green.contains(value) { return .green }
            return amber.contains(value) ? .amber : .red
        case let .atMost(green, redFrom):
            if value <= green { return .green }
            return value < redFrom ? .amber : .red
        case let .atLeast(green, amberFrom):
            if value >= green { return .green }
            return value >= amberFrom ? .amber : .red
        }
    }
}
