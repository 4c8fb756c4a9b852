import Foundation

/// A built-in drill's position-free sentence classifier for the order check: multinomial
/// logistic regression to the drill's sections or none, trained by scripts/train-order.py
/// (`content_input` there).
///
/// Its input per sentence is the embedding and the embedding minus the answer's mean: what the
/// sentence says and how it differs from the rest of the answer, and nothing about where it
/// stands or what comes around it. The structure classifier takes position and neighbours too,
/// which expects each section at its usual place; this one gives the same probabilities to a
/// sentence wherever it is told, so it cannot prefer the drill's order over a swap.
struct ContentClassifier {
    /// Rows: the 2 × `dimension` inputs, then a bias row; columns: sections then none.
    let weights: [Float]
    let classes: Int
    let dimension: Int

    /// Rows of the weight matrix for an encoder of `dimension`.
    static func rows(dimension: Int) -> Int { 2 * dimension + 1 }

    /// The classifier for `drill`, or nil when none was trained for it (user drills) or its shape
    /// does not match the drill and the encoder.
    init?(drill: Drill, dimension: Int) {
        let classes = drill.sections.count + 1
        guard let encoded = OrderWeights.contentModels[drill.id],
              let weights = PackedWeights.floats(encoded, count: Self.rows(dimension: dimension) * classes) else {
            return nil
        }
        self.weights = weights
        self.classes = classes
        self.dimension = dimension
    }

    /// Log-probabilities over the sections then none, for each of an answer's sentence vectors
    /// (uniform when the vectors are not of the classifier's dimension).
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
