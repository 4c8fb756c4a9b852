import Foundation

/// Classifier weights as the training scripts commit them: little-endian 32-bit floats, base64
/// encoded, so a weights file stays a plain Swift string literal and reads the same on any host.
enum PackedWeights {
    /// The `count` floats packed in `encoded`, or nil when it is not base64 or not exactly
    /// `count` floats long (weights trained for another drill shape or encoder).
    static func floats(_ encoded: String, count: Int) -> [Float]? {
        guard let data = Data(base64Encoded: encoded), data.count == count * 4 else { return nil }
        var weights = [Float](repeating: 0, count: count)
        data.withUnsafeBytes { raw in
            for i in 0..<count {
                weights[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
            }
        }
        return weights
    }
}
