import Foundation

/// Synthetic voiced speech with an exactly known F0: a Rosenberg (1971) glottal-flow pulse
/// per cycle (open 40 %, closing 16 % of the period), differentiated for lip radiation, then a
/// cascade of Klatt two-pole formant resonators (unity gain at DC), with raised-cosine on/off
/// ramps. Cycle epochs come from integrating the contour, so the instantaneous F0 is the
/// contour itself; optional per-cycle jitter/shimmer come from a seeded generator.
public struct GlottalSpeech: Sendable {
    public var sampleRate: Int
    /// Relative SD of each period (0.003 = 0.3 %).
    public var jitter: Double
    /// Relative SD of each cycle's amplitude.
    public var shimmer: Double
    /// On/off ramp length, seconds.
    public var rampSeconds: Double

    public init(sampleRate: Int = 16_000, jitter: Double = 0, shimmer: Double = 0, rampSeconds: Double = 0.02) {
        self.sampleRate = sampleRate
        self.jitter = jitter
        self.shimmer = shimmer
        self.rampSeconds = rampSeconds
    }

    /// One voiced segment of `duration` seconds, normalised to RMS `rms`.
    public func segment(duration: Double, contour: F0Contour, vowel: Vowel, rms: Double = 0.1,
                        generator: inout SeededGenerator) -> [Float] {
        let n = Int((duration * Double(sampleRate)).rounded())
        guard n > 0 else { return [] }
        let fs = Double(sampleRate)
        var flow = [Double](repeating: 0, count: n)
        var epoch = 0.0
        while true {
            let i = Int(epoch * fs)
            if i >= n { break }
            var period = 1 / contour.frequency(at: epoch, duration: duration)
            period *= 1 + jitter * generator.gaussian()
            let amplitude = 1 + shimmer * generator.gaussian()
            let first = Int((epoch * fs).rounded(.up))
            let last = min(Int(((epoch + period) * fs).rounded(.up)), n)
            if last > first {
                for k in first..<last {
                    flow[k] = amplitude * GlottalSpeech.rosenberg((Double(k) / fs - epoch) / period)
                }
            }
            epoch += period
        }
        var signal = [Double](repeating: 0, count: n)
        var previous = 0.0
        for k in 0..<n {
            signal[k] = flow[k] - previous
            previous = flow[k]
        }
        for formant in vowel.formants {
            let r = exp(-Double.pi * formant.bandwidth / fs)
            let theta = 2 * Double.pi * formant.frequency / fs
            let a1 = -2 * r * cos(theta), a2 = r * r
            let gain = 1 + a1 + a2
            var y1 = 0.0, y2 = 0.0
            for k in 0..<n {
                let y = gain * signal[k] - a1 * y1 - a2 * y2
                signal[k] = y
                y2 = y1
                y1 = y
            }
        }
        let ramp = min(n / 2, Int(rampSeconds * fs))
        for k in 0..<ramp {
            let w = 0.5 * (1 - cos(Double.pi * Double(k) / Double(ramp)))
            signal[k] *= w
            signal[n - 1 - k] *= w
        }
        var energy = 0.0
        for v in signal { energy += v * v }
        let scale = energy > 0 ? rms / (energy / Double(n)).squareRoot() : 0
        return signal.map { Float($0 * scale) }
    }

    /// Rosenberg glottal flow for phase in [0, 1).
    static func rosenberg(_ phase: Double) -> Double {
        let open = 0.40, closing = 0.16
        if phase < open { return 0.5 * (1 - cos(Double.pi * phase / open)) }
        if phase < open + closing { return cos(Double.pi * (phase - open) / (2 * closing)) }
        return 0
    }
}
