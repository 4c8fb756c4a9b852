import Foundation

/// A built-in drill's sentence classifier: multinomial logistic regression from a sentence's
/// embedding, and the same embedding minus its answer's mean, to the drill's sections or none;
/// trained by scripts/train-structure.py (`classifier_input` there).
///
/// The centred half is there because every sentence of an answer shares its topic: what sets a
/// Result apart from the Action before it is how it differs from the rest of the answer.
struct DrillClassifier {
    /// Rows: embedding dimensions, then the centred embedding's, then a bias row; columns:
    /// sections then none.
    let weights: [Float]
    let classes: Int
    let dimension: Int

    /// The classifier for `drill`, or nil when none was trained for it (user drills) or its
    /// shape does not match the drill and the encoder.
    init?(drill: Drill, dimension: Int) {
        guard let encoded = SemanticWeights.drillModels[drill.id], let data = Data(base64Encoded: encoded) else {
            return nil
        }
        let classes = drill.sections.count + 1
        guard data.count == (2 * dimension + 1) * classes * 4 else { return nil }
        var weights = [Float](repeating: 0, count: (2 * dimension + 1) * classes)
        data.withUnsafeBytes { raw in
            for i in 0..<weights.count {
                weights[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
            }
        }
        self.weights = weights
        self.classes = classes
        self.dimension = dimension
    }

    /// Log-probabilities over the sections then none, for each of an answer's sentence vectors.
    func logProbabilities(_ vectors: [[Double]]) -> [[Double]] {
        guard let width = vectors.first?.count, width == dimension else {
            return vectors.map { _ in [Double](repeating: -log(Double(classes)), count: classes) }
        }
        var mean = [Double](repeating: 0, count: dimension)
        for vector in vectors { for d in 0..<dimension { mean[d] += vector[d] } }
        for d in 0..<dimension { mean[d] /= Double(vectors.count) }
        return vectors.map { vector in
            var logits = [Double](repeating: 0, count: classes)
            for c in 0..<classes {
                var sum = Double(weights[2 * dimension * classes + c])
                for d in 0..<dimension {
                    sum += vector[d] * Double(weights[d * classes + c])
                    sum += (vector[d] - mean[d]) * Double(weights[(dimension + d) * classes + c])
                }
                logits[c] = sum
            }
            let top = logits.max() ?? 0
            let total = logits.reduce(0) { $0 + exp($1 - top) }
            return logits.map { $0 - top - log(total) }
        }
    }
}
