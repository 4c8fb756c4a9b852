import Foundation

/// Loudness of one captured block, for a live level meter and a "too quiet / clipping" warning.
public struct AudioLevel: Sendable, Equatable {
    /// The floor reported for digital silence, in dBFS (a true −∞ would not print or encode).
    public static let silenceFloorDBFS: Double = -120

    /// Root-mean-square level in dB relative to full scale (a full-scale sine is −3 dBFS),
    /// never below `silenceFloorDBFS`.
    public let rmsDBFS: Double
    /// Largest absolute sample, 0…1.
    public let peak: Float
    /// True when any sample reached the largest 16-bit code: the input gain is too high.
    public let clipped: Bool

    public init(rmsDBFS: Double, peak: Float, clipped: Bool) {
        self.rmsDBFS = rmsDBFS
        self.peak = peak
        self.clipped = clipped
    }

    /// Measures a block of samples in −1…1 (summed in index order, so the result is exact
    /// to repeat). A sample counts as clipped at ≥ 32767/32768, the 16-bit ceiling.
    public init(block: [Float]) {
        var sumOfSquares = 0.0
        var peak: Float = 0
        for sample in block {
            sumOfSquares += Double(sample) * Double(sample)
            peak = max(peak, abs(sample))
        }
        let meanSquare = block.isEmpty ? 0 : sumOfSquares / Double(block.count)
        let decibels = meanSquare > 0 ? 10 * log10(meanSquare) : Self.silenceFloorDBFS
        self.rmsDBFS = max(Self.silenceFloorDBFS, decibels)
        self.peak = peak
        self.clipped = peak >= 32_767 / 32_768
    }
}
