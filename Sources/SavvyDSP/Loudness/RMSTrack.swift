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

    static func levels(_ samples: [Double], frameLength: Int, hop: Int) -> [Double] {
        let count = frameCount(sampleCount: samples.count, frameLength: frameLength, hop: hop)
        var out = [Double](repeating: floorDB, count: count)
        samples.withUnsafeBufferPointer { x in
            for i in 0..<count {
                let start = i * hop
                let end = min(start + frameLength, x.count)
                var sum = 0.0
                var k = start
                while k < end {
                    sum += x[k] * x[k]
                    k += 1
                }
                let meanSquare = sum / Double(frameLength)
                out[i] = meanSquare > 0 ? max(floorDB, 10 * log10(meanSquare)) : floorDB
            }
        }
        return out
    }
}
