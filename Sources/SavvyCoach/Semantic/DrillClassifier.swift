import Foundation

/// A built-in drill's sentence classifier: multinomial logistic regression from a sentence's
/// embedding to the drill's sections or none, trained by scripts/train-structure.py.
struct DrillClassifier {
    /// Rows: embedding dimensions then a bias row; columns: sections then none.
    let weights: [Float]
    let classes: Int

    /// The classifier for `drill`, or nil when none was trained for it (user drills) or its
    /// shape does not match the drill and the encoder.
    init?(drill: Drill, dimension: Int) {
        guard let encoded = SemanticWeights.drillModels[drill.id], let data = Data(base64Encoded: encoded) else {
            return nil
        }
        let classes = drill.sections.count + 1
        guard data.count == (dimension + 1) * classes * 4 else { return nil }
        var weights = [Float](repeating: 0, count: (dimension + 1) * classes)
        data.withUnsafeBytes { raw in
            for i in 0..<weights.count {
                weights[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
            }
        }
        self.weights = weights
        self.classes = classes
    }

    /// Log-probabilities over the sections then none, for one sentence vector.
    func logProbabilities(_ vector: [Double]) -> [Double] {
        var logits = [Double](repeating: 0, count: classes)
        for c in 0..<classes {
            var sum = Double(weights[vector.count * classes + c])
            for d in 0..<vector.count { sum += vector[d] * Double(weights[d * classes + c]) }
            logits[c] = sum
        }
        let top = logits.max() ?? 0
        let total = logits.reduce(0) { $0 + exp($1 - top) }
        return logits.map { $0 - top - log(total) }
    }
}
