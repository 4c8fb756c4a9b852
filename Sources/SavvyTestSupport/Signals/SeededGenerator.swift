/// Deterministic pseudo-random numbers for synthesized test signals (SplitMix64), so a test
/// signal is identical on every run and every machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func uniform() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// Standard normal (Box–Muller; one value per call, the sine branch is discarded to keep
    /// the stream simple to reason about).
    public mutating func gaussian() -> Double {
        let u1 = max(uniform(), 1e-300)
        let u2 = uniform()
        return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
    }
}

#if canImport(Glibc)
import Glibc
@inline(__always) private func _log(_ x: Double) -> Double { Glibc.log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#else
import Foundation
@inline(__always) private func _log(_ x: Double) -> Double { Foundation.log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { Foundation.cos(x) }
#endif
