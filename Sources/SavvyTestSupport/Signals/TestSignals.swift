import Foundation

/// Elementary test signals with exact, known properties (16 kHz unless stated).
public enum TestSignals {
    /// Spectral colour of added noise.
    public enum NoiseColour: Sendable {
        /// Flat spectrum.
        case white
        /// 1/f power spectrum (Paul Kellet's filter on white noise, ±0.05 dB 9 Hz–Nyquist).
        case pink
    }

    /// `amplitude`·sin(2π f t) for `duration` seconds.
    public static func sine(frequency: Double, amplitude: Double = 1, duration: Double,
                            sampleRate: Int = 16_000) -> [Float] {
        let n = Int((duration * Double(sampleRate)).rounded())
        return (0..<n).map { Float(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(sampleRate))) }
    }

    /// Digital silence.
    public static func silence(duration: Double, sampleRate: Int = 16_000) -> [Float] {
        [Float](repeating: 0, count: Int((duration * Double(sampleRate)).rounded()))
    }

    /// A constant offset.
    public static func dc(level: Float, duration: Double, sampleRate: Int = 16_000) -> [Float] {
        [Float](repeating: level, count: Int((duration * Double(sampleRate)).rounded()))
    }

    /// Seeded noise with RMS `rms`.
    public static func noise(_ colour: NoiseColour, rms: Double, count: Int, seed: UInt64) -> [Float] {
        var generator = SeededGenerator(seed: seed)
        var raw = [Double](repeating: 0, count: count)
        var b0 = 0.0, b1 = 0.0, b2 = 0.0, b3 = 0.0, b4 = 0.0, b5 = 0.0, b6 = 0.0
        for k in 0..<count {
            let w = generator.gaussian()
            switch colour {
            case .white:
                raw[k] = w
            case .pink:
                b0 = 0.99886 * b0 + w * 0.0555179
                b1 = 0.99332 * b1 + w * 0.0750759
                b2 = 0.96900 * b2 + w * 0.1538520
                b3 = 0.86650 * b3 + w * 0.3104856
                b4 = 0.55000 * b4 + w * 0.5329522
                b5 = -0.7616 * b5 - w * 0.0168980
                raw[k] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + w * 0.5362
                b6 = w * 0.115926
            }
        }
        let scale = rms / max(1e-300, TestSignals.rms(raw))
        return raw.map { Float($0 * scale) }
    }

    /// `signal` plus seeded noise at `snrDB` relative to the mean power of `referenceMask`
    /// samples (all samples when `nil`), e.g. the voiced samples only.
    public static func addingNoise(to signal: [Float], snrDB: Double, colour: NoiseColour, seed: UInt64,
                                   referenceMask: [Bool]? = nil) -> [Float] {
        var power = 0.0
        var count = 0
        for k in signal.indices where referenceMask?[k] ?? true {
            power += Double(signal[k]) * Double(signal[k])
            count += 1
        }
        let noiseRMS = (power / Double(max(count, 1)) / pow(10, snrDB / 10)).squareRoot()
        let n = noise(colour, rms: noiseRMS, count: signal.count, seed: seed)
        return zip(signal, n).map { $0 + $1 }
    }

    /// Root mean square of `values`.
    public static func rms(_ values: [Double]) -> Double {
        var sum = 0.0
        for v in values { sum += v * v }
        return values.isEmpty ? 0 : (sum / Double(values.count)).squareRoot()
    }
}
