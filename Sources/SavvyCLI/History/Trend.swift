import SavvyStore

/// One metric's latest value against the speaker's own baseline: the mean of their earlier
/// sessions. People differ too much for absolute norms to say whether practice is working; their
/// own history does.
struct Trend: Equatable {
    /// Direction the number moved, beyond the metric's tolerance.
    enum Arrow: String { case up = "↑", down = "↓", flat = "→" }
    /// Whether that move is the good way for this metric.
    enum Verdict: String { case better, worse, steady }

    let metric: HistoryMetric
    /// The newest session's value that has one.
    let latest: Double
    /// Mean of the values of the sessions before it.
    let baseline: Double
    /// How many earlier sessions the baseline averages.
    let earlierCount: Int
    let arrow: Arrow
    let verdict: Verdict

    /// The trend over `rows` (newest first); nil when fewer than two sessions have a value.
    /// The baseline is summed oldest first so the same rows always give the same mean.
    init?(metric: HistoryMetric, rows: [HistoryRow]) {
        let values = rows.compactMap(metric.value)
        guard let latest = values.first, values.count >= 2 else { return nil }
        let earlier = values.dropFirst()
        let baseline = earlier.reversed().reduce(0, +) / Double(earlier.count)
        self.metric = metric
        self.latest = latest
        self.baseline = baseline
        earlierCount = earlier.count
        (arrow, verdict) = Self.assess(latest: latest, baseline: baseline, goal: metric.goal, tolerance: metric.tolerance)
    }

    /// The arrow for `latest − baseline` and whether it is the good way for `goal`. For a
    /// `within` goal the distance to the range decides: moving about inside it is steady.
    static func assess(latest: Double, baseline: Double, goal: HistoryMetric.Goal, tolerance: Double) -> (Arrow, Verdict) {
        let delta = latest - baseline
        let arrow: Arrow = delta > tolerance ? .up : (delta < -tolerance ? .down : .flat)
        switch goal {
        case .higher:
            return (arrow, arrow == .up ? .better : (arrow == .down ? .worse : .steady))
        case .lower:
            return (arrow, arrow == .down ? .better : (arrow == .up ? .worse : .steady))
        case let .within(range):
            func distance(_ x: Double) -> Double {
                x < range.lowerBound ? range.lowerBound - x : (x > range.upperBound ? x - range.upperBound : 0)
            }
            let closer = distance(baseline) - distance(latest)
            return (arrow, closer > tolerance ? .better : (closer < -tolerance ? .worse : .steady))
        }
    }
}
