import Foundation

/// Frame RMS level in dBFS on the ``FrameTracks`` grid.
///
/// Rectangular `frameLength`-sample frames every `hop` samples, no padding except when the
/// whole input is shorter than one frame (then one zero-padded frame). dBFS = 20·log₁₀(rms),
/// so a full-scale square wave is 0 dB and a full-scale sine −3.01 dB; digital silence is
/// floored at ``floorDB``.
enum RMSTrack {
    /// Level assigned to frames with (near) zero energy, in dBFS.
    static let floorDB = -120.0

    /// Number of analysis frames for `sampleCount` samples.
    static func frameCount(sampleCount: Int, frameLength: Int, hop: Int) -> Int {
        sampleCount <= frameLength ? 1 : 1 + (sampleCount - frameLength) / hop
    }

    /// Writes the levels of `frames` into `out[frames]`, reading `block`, which must hold every
    /// sample of those frames (`[first·hop, last·hop + frameLength)`, cut at the signal's end).
    /// Each frame's sum runs over the same samples in the same order as on the whole signal.
    /// `out` is memory the caller holds: the analysis writes each block's levels from a worker
    /// thread, beside that block's CPPS (``BlockWork``).
    static func levels(of frames: Range<Int>, in block: SignalBlock, frameLength: Int, hop: Int,
                       into out: UnsafeMutableBufferPointer<Double>) {
        block.values.withUnsafeBufferPointer { x in
            for i in frames {
                let start = i * hop
                let end = min(start + frameLength, block.totalCount)
                var sum = 0.0
                var k = start - block.start
                let last = end - block.start
                while k < last {
                    sum += x[k] * x[k]
                    k += 1
                }
                let meanSquare = sum / Double(frameLength)
                out[i] = meanSquare > 0 ? max(floorDB, 10 * log10(meanSquare)) : floorDB
            }
        }
    }
}
