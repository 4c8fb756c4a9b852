import Foundation

/// A built-in drill's position-free sentence classifier for the order check: multinomial
/// logistic regression to the drill's sections or none, trained by scripts/train-order.py
/// (`content_input` there).
///
/// Its input per sentence is the embedding, the embedding minus the answer's mean, and the mean of
/// the previous and the next sentence's centred embeddings (zero beyond the answer's edges), then
/// the same three of the middle-layer vector (`SentenceVectors.middle`, how the sentence is
/// told): what the sentence says, how it differs from the rest of the answer, and what it is told
/// among — but not which neighbour comes first nor where in the answer it stands —, then per
/// section whether the sentence says one of its cue phrases and whether one opens it ("I needed
/// to", "my job was" say Task wherever the sentence stands; the check's criterion out of fold
/// 0.337 → 0.375, a Task told after the Actions flagged 1/68 → 9/68). The structure
/// classifier takes position and the neighbours in order too, which expects each section at its
/// usual place; this one reads a sentence the same whichever way round its surroundings are told,
/// so it cannot prefer the drill's order over a swap (a symmetric context raised the check's
/// cross-validated criterion over the sentence alone; scripts/train-order.py).
struct ContentClassifier {
    /// Rows: the 3 × `dimension` embedding inputs, the 3 × `dimension` middle-layer inputs, the
    /// 2 × sections cue inputs, then a bias row; columns: sections then none.
    let weights: [Float]
    let classes: Int
    let dimension: Int
    /// What a cue hit is worth as an input (`OrderWeights.cueWeight`, `CUE_WEIGHT` in the script).
    let cueWeight: Double

    /// Rows of the weight matrix for an encoder of `dimension` and a drill of `sections`.
    static func rows(dimension: Int, sections: Int) -> Int { 6 * dimension + 2 * sections + 1 }

    /// The classifier for `drill`, or nil when none was trained for it (user drills) or its shape
    /// does not match the drill and the encoder.
    init?(drill: Drill, dimension: Int) {
        let classes = drill.sections.count + 1
        guard let encoded = OrderWeights.contentModels[drill.id],
              let weights = PackedWeights.floats(
                  encoded, count: Self.rows(dimension: dimension, sections: drill.sections.count) * classes) else {
            return nil
        }
        self.init(weights: weights, classes: classes, dimension: dimension)
    }

    /// A classifier with the given weights (laid out as `weights` says; `classes` − 1 sections).
    init(weights: [Float], classes: Int, dimension: Int, cueWeight: Double = OrderWeights.cueWeight) {
        self.weights = weights
        self.classes = classes
        self.dimension = dimension
        self.cueWeight = cueWeight
    }

    /// Per sentence of `evidence`, the classifier's cue inputs before `cueWeight`: for each section
    /// in the drill's order its `cue` and `cueOpen` hits (`cue_inputs` in the script).
    static func cueHits(_ evidence: SentenceEvidence) -> [[Double]] {
        guard let cue = SentenceEvidence.features.firstIndex(of: "cue"),
              let cueOpen = SentenceEvidence.features.firstIndex(of: "cueOpen") else { return [] }
        return evidence.section.map { sections in sections.flatMap { [$0[cue], $0[cueOpen]] } }
    }

    /// The sentence's vector, the vector minus the answer's mean, and the mean of the previous and
    /// the next sentence's centred vectors: `content_blocks` in the script.
    static func contentBlocks(_ vectors: [[Double]]) -> [[Double]] {
        guard let dimension = vectors.first?.count else { return [] }
        let centred = DrillClassifier.centred(vectors)
        return centred.indices.map { i in
            var around = [Double](repeating: 0, count: dimension)
            for j in [i - 1, i + 1] where centred.indices.contains(j) {
                for d in 0..<dimension { around[d] += centred[j][d] / 2 }
            }
            return vectors[i] + centred[i] + around
        }
    }

    /// Log-probabilities over the sections then none, for each of an answer's sentences (their
    /// embeddings, middle-layer vectors and `cueHits`; uniform when they are not of the
    /// classifier's shape).
    func logProbabilities(_ vectors: [[Double]], middles: [[Double]], cues: [[Double]]) -> [[Double]] {
        let cueCount = 2 * (classes - 1)
        guard let width = vectors.first?.count, width == dimension, middles.count == vectors.count,
              middles.allSatisfy({ $0.count == dimension }), cues.count == vectors.count,
              cues.allSatisfy({ $0.count == cueCount }) else {
            return vectors.map { _ in [Double](repeating: -log(Double(classes)), count: classes) }
        }
        let embeddingBlocks = Self.contentBlocks(vectors), middleBlocks = Self.contentBlocks(middles)
        return vectors.indices.map { i in
            let inputs = embeddingBlocks[i] + middleBlocks[i] + cues[i].map { $0 * cueWeight }
            var logits = [Double](repeating: 0, count: classes)
            for c in 0..<classes {
                var sum = Double(weights[inputs.count * classes + c])
                for (r, input) in inputs.enumerated() {
                    sum += input * Double(weights[r * classes + c])
                }
                logits[c] = sum
            }
            let top = logits.max() ?? 0
            let total = logits.reduce(0) { $0 + exp($1 - top) }
            return logits.map { $0 - top - log(total) }
        }
    }
}
