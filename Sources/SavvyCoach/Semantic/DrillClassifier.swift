import Foundation

/// A built-in drill's sentence classifier: multinomial logistic regression to the drill's
/// sections or none, trained by scripts/train-structure.py (`classifier_input` there).
///
/// Its input per sentence: the embedding; the embedding minus the answer's mean; the previous
/// and the next sentence's centred embeddings (zero at the answer's edges); the same four of the
/// sentence's middle-layer vector (`SentenceVectors.middle`); the sentence's relative position
/// and its square; then the sentence's, the previous and the next sentence's `lexical` inputs
/// (zero at the edges). Every sentence of an answer shares its topic, so what sets a Result
/// apart from the Action before it is how it differs from the rest of the answer; a sentence's
/// role shows in what comes around it (a Task follows the scene, a Result follows what was
/// done), in how it is told ("It fell to me to…", which the final-layer embedding, trained for
/// similarity of meaning, smooths away and the middle layer keeps), in where it stands, and in
/// words that carry a role whatever the topic ("I had to", "we", a figure).
struct DrillClassifier {
    /// Rows: the 4 × `dimension` embedding inputs, the 4 × `dimension` middle-layer inputs, the 2
    /// position inputs, the 3 × `lexicalWidth` lexical inputs, then a bias row; columns: sections
    /// then none.
    let weights: [Float]
    let classes: Int
    let dimension: Int
    /// Per section, its cue phrases as tokens (empty phrases dropped).
    let cuePhrases: [[[String]]]

    /// Lexical inputs are scaled to the size of the embedding inputs, so one learning rate and
    /// one penalty suit both in training.
    static let lexicalScale = 0.25

    /// Lexical inputs per sentence for a drill of `sections`: cue hit and cue opening per
    /// section, then log word count, "i" share, "we" share, "-ed" share, a count or figure.
    static func lexicalWidth(sections: Int) -> Int { 2 * sections + 5 }

    /// Rows of the weight matrix for an encoder of `dimension` and a drill of `sections`.
    static func rows(dimension: Int, sections: Int) -> Int { 8 * dimension + 2 + 3 * lexicalWidth(sections: sections) + 1 }

    /// The classifier for `drill`, or nil when none was trained for it (user drills) or its
    /// shape does not match the drill and the encoder.
    init?(drill: Drill, dimension: Int) {
        let classes = drill.sections.count + 1
        let count = Self.rows(dimension: dimension, sections: drill.sections.count) * classes
        guard let encoded = SemanticWeights.drillModels[drill.id], let weights = PackedWeights.floats(encoded, count: count) else {
            return nil
        }
        self.weights = weights
        self.classes = classes
        self.dimension = dimension
        self.cuePhrases = drill.sections.map { $0.cues.map(TextNormalizer.tokens).filter { !$0.isEmpty } }
    }

    /// A sentence's lexical inputs (`lexical` in the training script): for each section whether
    /// one of its cue phrases occurs and whether one starts within its first 3 words; the log of
    /// its word count / 4; the shares of "i", of "we" and of words ending in "ed" (who acted, and
    /// whether it is told as past); whether it says a count or a figure. All × `lexicalScale`.
    func lexical(_ text: String) -> [Double] {
        let tokens = TextNormalizer.tokens(text)
        var row: [Double] = []
        for phrases in cuePhrases {
            let (any, opening) = SentenceEvidence.cueHits(tokens, phrases)
            row += [any, opening]
        }
        let count = Double(max(tokens.count, 1))
        row += [
            log(count) / 4,
            Double(tokens.filter { $0 == "i" }.count) / count,
            Double(tokens.filter { $0 == "we" }.count) / count,
            Double(tokens.filter { $0.hasSuffix("ed") }.count) / count,
            tokens.contains { SemanticScorer.isNumber($0) || $0 == "percent" } ? 1 : 0,
        ]
        return row.map { $0 * Self.lexicalScale }
    }

    /// The sentence's vector, the vector minus the answer's mean, and the previous and the next
    /// sentence's centred vectors (zero at the answer's edges): `context_blocks` in the script.
    static func contextBlocks(_ vectors: [[Double]]) -> [[Double]] {
        guard let dimension = vectors.first?.count else { return [] }
        let n = vectors.count
        let centred = Self.centred(vectors)
        let zero = [Double](repeating: 0, count: dimension)
        return (0..<n).map { i in
            vectors[i] + centred[i] + (i > 0 ? centred[i - 1] : zero) + (i + 1 < n ? centred[i + 1] : zero)
        }
    }

    /// Each vector minus the mean of them all (every sentence of an answer shares its topic).
    static func centred(_ vectors: [[Double]]) -> [[Double]] {
        guard let dimension = vectors.first?.count else { return [] }
        var mean = [Double](repeating: 0, count: dimension)
        for vector in vectors { for d in 0..<dimension { mean[d] += vector[d] } }
        for d in 0..<dimension { mean[d] /= Double(vectors.count) }
        return vectors.map { vector in (0..<dimension).map { vector[$0] - mean[$0] } }
    }

    /// Log-probabilities over the sections then none, for each of an answer's sentences (their
    /// embeddings, middle-layer vectors and texts, as the sentences were embedded).
    func logProbabilities(_ vectors: [[Double]], middles: [[Double]], texts: [String]) -> [[Double]] {
        guard let width = vectors.first?.count, width == dimension, texts.count == vectors.count,
              middles.count == vectors.count, middles.allSatisfy({ $0.count == dimension }) else {
            return vectors.map { _ in [Double](repeating: -log(Double(classes)), count: classes) }
        }
        let n = vectors.count
        let embeddingBlocks = Self.contextBlocks(vectors), middleBlocks = Self.contextBlocks(middles)
        let lexical = texts.map(lexical)
        let lexicalWidth = Self.lexicalWidth(sections: cuePhrases.count)
        let noLexical = [Double](repeating: 0, count: lexicalWidth)
        return (0..<n).map { i in
            let position = n > 1 ? Double(i) / Double(n - 1) : 0
            let inputs = embeddingBlocks[i] + middleBlocks[i]
                + [position, position * position]
                + lexical[i] + (i > 0 ? lexical[i - 1] : noLexical) + (i + 1 < n ? lexical[i + 1] : noLexical)
            var logits = [Double](repeating: 0, count: classes)
            for c in 0..<classes {
                var sum = Double(weights[inputs.count * classes + c])
                for (r, input) in inputs.enumerated() where input != 0 {
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
