import Foundation

/// Rational-ratio resampler with a Kaiser-windowed sinc low-pass (the same design as SciPy's
/// `resample_poly`: 20·max(up, down) + 1 taps, β = 5, cut-off at the lower Nyquist,
/// zero-phase alignment, output length ⌈n·up/down⌉).
///
/// Used to bring 16 kHz speech to the 10 kHz rate at which Praat computes its power
/// cepstrogram (2 × the 5 kHz analysis ceiling). Deterministic: fixed taps, fixed summation
/// order, no FFT.
struct PolyphaseResampler {
    let up: Int
    let down: Int
    private let taps: [Double]
    private let halfLength: Int

    init(from inputRate: Int, to outputRate: Int) {
        var a = inputRate, b = outputRate
        while b != 0 { (a, b) = (b, a % b) }
        up = outputRate / a
        down = inputRate / a
        let maxRate = max(up, down)
        halfLength = 10 * maxRate
        let count = 2 * halfLength + 1
        let cutoff = 1.0 / Double(maxRate)
        let beta = 5.0
        let i0Beta = PolyphaseResampler.besselI0(beta)
        var h = [Double](repeating: 0, count: count)
        var sum = 0.0
        for n in 0..<count {
            let m = Double(n - halfLength)
            let x = cutoff * m
            let sinc = x == 0 ? 1.0 : sin(Double.pi * x) / (Double.pi * x)
            let ratio = 2 * Double(n) / Double(count - 1) - 1
            let window = PolyphaseResampler.besselI0(beta * (max(0, 1 - ratio * ratio)).squareRoot()) / i0Beta
            h[n] = cutoff * sinc * window
            sum += h[n]
        }
        let gain = Double(up) / sum
        taps = h.map { $0 * gain }
    }

    /// Resampled copy of `input` (length ⌈count·up/down⌉).
    func process(_ input: [Double]) -> [Double] {
        let n = input.count
        let outCount = (n * up + down - 1) / down
        var out = [Double](repeating: 0, count: outCount)
        taps.withUnsafeBufferPointer { h in
            input.withUnsafeBufferPointer { x in
                for m in 0..<outCount {
                    // y[m] = Σ_j x[j]·h[halfLength + m·down − j·up], taps in 0…2·halfLength
                    let centre = m * down + halfLength
                    var jLow = centre - 2 * halfLength
                    jLow = jLow <= 0 ? 0 : (jLow + up - 1) / up
                    let jHigh = min(n - 1, centre / up)
                    var acc = 0.0
                    var j = jLow
                    var k = centre - jLow * up
                    while j <= jHigh {
                        acc += x[j] * h[k]
                        j += 1
                        k -= up
                    }
                    out[m] = acc
                }
            }
        }
        return out
    }

    /// Modified Bessel function of the first kind, order 0 (power series).
    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0
        var term = 1.0
        let q = x * x / 4
        var k = 1.0
        while term > 1e-17 * sum {
            term *= q / (k * k)
            sum += term
            k += 1
        }
        return sum
    }
}
