/// One period hypothesis for one frame: a local minimum (dip) of YIN's cumulative mean
/// normalised difference function.
public struct PitchCandidate: Sendable, Equatable {
    /// Frequency in Hz, from the parabolically refined period.
    public var frequency: Double
    /// d′ at the dip, 0 (perfectly periodic) … ≈1 (noise): YIN's aperiodicity, roughly
    /// 1 / (1 + local HNR).
    public var aperiodicity: Double

    public init(frequency: Double, aperiodicity: Double) {
        self.frequency = frequency
        self.aperiodicity = aperiodicity
    }
}
