import Foundation

/// A built-in drill's sentence classifier: multinomial logistic regression to the drill's
/// sections or none, trained by scripts/train-structure.py (`classifier_input` there).
///
/// Its input per sentence: the embedding; the embedding minus the answer's mean; the previous
/// and the next sentence's centred embeddings (zero at the answer's edges); the sentence's
/// relative position and its square. Every sentence of an answer shares its topic, so what sets
/// a Result apart from the Action before it is how it differs from the rest of the answer; and a
/// sentence's role shows in what comes around it (a Task follows the scene, a Result follows
/// what was done) and in where it stands in the answer.
struct DrillClassifier {
    /// Rows: the 4 × `dimension` inputs, the 2 position inputs, then a bias row; columns:
    /// sections then none.
    let weights: [Float]
    let classes: Int
    let dimension: Int

    /// Rows of the weight matrix for an encoder of `dimension`.
    static func rows(dimension: Int) -> Int { 4 * dimension + 3 }

    /// The classifier for `drill`, or nil when none was trained for it (user drills) or its
    /// shape does not match the drill and the encoder.
    init?(drill: Drill, dimension: Int) {
        guard let encoded = SemanticWeights.drillModels[drill.id], let data = Data(base64Encoded: encoded) else {
            return nil
        }
        let classes = drill.sections.count + 1
        guard data.count == Self.rows(dimension: dimension) * classes * 4 else { return nil }
        var weights = [Float](repeating: 0, count: Self.rows(dimension: dimension) * classes)
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
        let n = vectors.count
        var mean = [Double](repeating: 0, count: dimension)
        for vector in vectors { for d in 0..<dimension { mean[d] += vector[d] } }
        for d in 0..<dimension { mean[d] /= Double(n) }
        let centred = vectors.map { vector in (0..<dimension).map { vector[$0] - mean[$0] } }
        let zero = [Double](repeating: 0, count: dimension)
        return (0..<n).map { i in
            let position = n > 1 ? Double(i) / Double(n - 1) : 0
            let blocks = [vectors[i], centred[i], i > 0 ? centred[i - 1] : zero, i + 1 < n ? centred[i + 1] : zero]
            var logits = [Double](repeating: 0, count: classes)
            for c in 0..<classes {
                var sum = Double(weights[(4 * dimension + 2) * classes + c])
                for (b, block) in blocks.enumerated() {
                    let offset = b * dimension
                    for d in 0..<dimension { sum += block[d] * Double(weights[(offset + d) * classes + c]) }
                }
                sum += position * Double(weights[(4 * dimension) * classes + c])
                sum += position * position * Double(weights[(4 * dimension + 1) * classes + c])
                logits[c] = sum
            }
            let top = logits.max() ?? 0
            let total = logits.reduce(0) { $0 + exp($1 - top) }
            return logits.map { $0 - top - log(total) }
        }
    }
}
