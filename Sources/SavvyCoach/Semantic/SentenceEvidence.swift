/// The per-sentence, per-section evidence the semantic tier's classifier weighs.
///
/// Mirrors `evidence()` in scripts/train-structure.py feature for feature; the learned weights in
/// `SemanticWeights` only mean something while the two agree.
struct SentenceEvidence {
    /// Feature names in weight order (documentation and tests).
    static let features = ["exRel", "descRel", "ex", "cue", "cueOpen", "posSq", "first", "last", "top", "drillModel"]

    /// `section[i][k]`: features of sentence i for section k.
    var section: [[[Double]]]
    /// `none[i]`: features of sentence i for the none label (bias, best exRel, best ex, drill model).
    var none: [[Double]]
    /// `change[i]`: 1 − cosine between sentence i and i − 1 (0 for the first).
    var change: [Double]

    /// - Parameters:
    ///   - sentences: the sentences' vectors (unit length) and texts.
    ///   - exemplars: per section, its exemplars' vectors (may be empty).
    ///   - descriptions: per section, its purpose line's vector.
    ///   - cues: per section, its cue phrases.
    ///   - drillModel: per sentence, log-probabilities of the drill's classifier over the sections
    ///     then none; nil when the drill has no trained classifier (user drills).
    init(
        sentences: [[Double]], texts: [String], exemplars: [[[Double]]], descriptions: [[Double]], cues: [[String]],
        drillModel: [[Double]]?
    ) {
        let n = sentences.count
        let k = exemplars.count
        var ex = [[Double]](repeating: [Double](repeating: 0, count: k), count: n)
        var desc = ex
        for i in 0..<n {
            for s in 0..<k {
                ex[i][s] = Self.exemplarSimilarity(sentences[i], exemplars[s])
                desc[i][s] = Self.dot(sentences[i], descriptions[s])
            }
        }
        func centred(_ m: [[Double]]) -> [[Double]] {
            guard n > 0 else { return m }
            let means = (0..<k).map { s in m.reduce(0) { $0 + $1[s] } / Double(n) }
            return m.map { row in zip(row, means).map { $0 - $1 } }
        }
        let exRel = centred(ex)
        let descRel = centred(desc)
        let cuePhrases = cues.map { $0.map(TextNormalizer.tokens).filter { !$0.isEmpty } }
        var section: [[[Double]]] = []
        var none: [[Double]] = []
        var change: [Double] = []
        for i in 0..<n {
            let tokens = TextNormalizer.tokens(texts[i])
            let position = n > 1 ? Double(i) / Double(n - 1) : 0
            var top = 0
            for s in 1..<max(k, 1) where exRel[i][s] > exRel[i][top] { top = s }
            var rows: [[Double]] = []
            for s in 0..<k {
                let centre = k > 1 ? Double(s) / Double(k - 1) : 0
                let (cue, cueOpen) = Self.cueHits(tokens, cuePhrases[s])
                rows.append([
                    exRel[i][s], descRel[i][s], ex[i][s], cue, cueOpen, (position - centre) * (position - centre),
                    i == 0 && s == 0 ? 1 : 0, i == n - 1 && s == k - 1 ? 1 : 0, s == top ? 1 : 0,
                    drillModel?[i][s] ?? 0,
                ])
            }
            section.append(rows)
            none.append([1, exRel[i].max() ?? 0, ex[i].max() ?? 0, drillModel?[i][k] ?? 0])
            change.append(i == 0 ? 0 : 1 - Self.dot(sentences[i], sentences[i - 1]))
        }
        self.section = section
        self.none = none
        self.change = change
    }

    /// Whether any cue occurs in the sentence, and whether one starts within its first 3 tokens.
    static func cueHits(_ tokens: [String], _ phrases: [[String]]) -> (Double, Double) {
        var any = 0.0
        var opening = 0.0
        for phrase in phrases where phrase.count <= tokens.count {
            for start in 0...(tokens.count - phrase.count) where tokens[start] == phrase[0] {
                if Array(tokens[start..<(start + phrase.count)]) == phrase {
                    any = 1
                    if start < 3 { opening = 1 }
                }
            }
        }
        return (any, opening)
    }

    /// The mean cosine of a unit `sentence` to a section's unit `exemplars` (0 without any).
    static func exemplarSimilarity(_ sentence: [Double], _ exemplars: [[Double]]) -> Double {
        exemplars.isEmpty ? 0 : exemplars.reduce(0) { $0 + dot(sentence, $1) } / Double(exemplars.count)
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for i in 0..<min(a.count, b.count) { sum += a[i] * b[i] }
        return sum
    }

    /// Log-softmax emission scores: `[i][label]`, labels = sections then none.
    func emissions(sectionWeights: [Double], noneWeights: [Double]) -> [[Double]] {
        zip(section, none).map { rows, noneRow in
            var logits = rows.map { Self.dot($0, sectionWeights) }
            logits.append(Self.dot(noneRow, noneWeights))
            let top = logits.max() ?? 0
            let total = logits.reduce(0) { $0 + exp($1 - top) }
            return logits.map { $0 - top - log(total) }
        }
    }
}

import Foundation
