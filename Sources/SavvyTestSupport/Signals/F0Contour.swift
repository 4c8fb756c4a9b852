import Foundation

/// A known fundamental-frequency contour for synthesized voiced speech (the exact truth a
/// pitch test compares against).
public enum F0Contour: Sendable, Equatable {
    /// Constant F0, Hz.
    case steady(Double)
    /// Log-linear glide from one F0 to another over the segment, Hz.
    case glide(from: Double, to: Double)
    /// Sinusoidal vibrato around `centre` Hz at `rate` Hz with ±`depthCents`.
    case vibrato(centre: Double, rate: Double, depthCents: Double)

    /// F0 in Hz at `time` seconds into a segment of `duration` seconds.
    public func frequency(at time: Double, duration: Double) -> Double {
        switch self {
        case .steady(let f):
            return f
        case .glide(let a, let b):
            return a * pow(b / a, min(1, max(0, time / duration)))
        case .vibrato(let centre, let rate, let depth):
            return centre * pow(2, depth / 1200 * sin(2 * Double.pi * rate * time))
        }
    }
}
