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
/// 0.337 → 0.375, a Task told after the Actions flagged 1/68 → 9/68), and how much closer than
/// the answer's other sentences it is to the prompt (`promptSimilarity`: a thesis restates what
/// was asked, so an impromptu talk that gives its points first is told by where its thesis
/// stands; held out, impromptu talks out of order flagged 1/6 → 4/6, all drills 11/24 → 15/24 on
/// the same training data, with 1 of 69 in-order answers flagged either way). The structure
/// classifier takes position and the neighbours in order too, which expects each section at its
/// usual place; this one reads a sentence the same whichever way round its surroundings are told,
/// so it cannot prefer the drill's order over a swap (a symmetric context raised the check's
/// cross-validated criterion over the sentence alone; scripts/train-order.py).
struct ContentClassifier {
    /// Rows: the 3 × `dimension` embedding inputs, the 3 × `dimension` middle-layer inputs, the
    /// 2 × sections cue inputs, the prompt input, then a bias row; columns: sections then none.
    let weights: [Float]
    let classes: Int
    let dimension: Int
    /// What a cue hit is worth as an input (`OrderWeights.cueWeight`, `CUE_WEIGHT` in the script).
    let cueWeight: Double

    /// What the prompt input is worth (`OrderWeights.promptWeight`, `PROMPT_WEIGHT` in the script).
    let promptWeight: Double

    /// Rows of the weight matrix for an encoder of `dimension` and a drill of `sections`.
    static func rows(dimension: Int, sections: Int) -> Int { 6 * dimension + 2 * sections + 2 }

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
    init(weights: [Float], classes: Int, dimension: Int, cueWeight: Double = OrderWeights.cueWeight,
         promptWeight: Double = OrderWeights.promptWeight) {
        self.weights = weights
        self.classes = classes
        self.dimension = dimension
        self.cueWeight = cueWeight
        self.promptWeight = promptWeight
    }

    /// Per sentence, its cosine to the prompt minus the answer's mean cosine (`prompt_inputs` in
    /// the script); all zero without a prompt. A thesis restates what was asked ("Small teams
    /// really do move faster than big ones"), so it stands out from the answer's other sentences
    /// wherever it is told: the impromptu Opening and the PREP Point sit 0.2 above their answer's
    /// mean, the body sentences 0.04 below it.
    static func promptSimilarity(_ vectors: [[Double]], prompt: [Double]?) -> [Double] {
        guard let prompt, !vectors.isEmpty else { return vectors.map { _ in 0 } }
        let similarities = vectors.map { SentenceEvidence.dot($0, prompt) }
        let mean = similarities.reduce(0, +) / Double(similarities.count)
        return similarities.map { $0 - mean }
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
    /// embeddings, middle-layer vectors, `cueHits` and `promptSimilarity`; uniform when they are
    /// not of the classifier's shape).
    func logProbabilities(_ vectors: [[Double]], middles: [[Double]], cues: [[Double]], prompt: [Double]) -> [[Double]] {
        let cueCount = 2 * (classes - 1)
        guard let width = vectors.first?.count, width == dimension, middles.count == vectors.count,
              middles.allSatisfy({ $0.count == dimension }), cues.count == vectors.count,
              cues.allSatisfy({ $0.count == cueCount }), prompt.count == vectors.count else {
            return vectors.map { _ in [Double](repeating: -log(Double(classes)), count: classes) }
        }
        let embeddingBlocks = Self.contentBlocks(vectors), middleBlocks = Self.contentBlocks(middles)
        return vectors.indices.map { i in
            let inputs = embeddingBlocks[i] + middleBlocks[i] + cues[i].map { $0 * cueWeight } + [prompt[i] * promptWeight]
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
