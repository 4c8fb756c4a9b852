import Foundation

/// Decides whether a structured answer was told with two neighbouring sections swapped, and
/// labels its sentences accordingly (issue 14: out of order is allowed at a cost, then flagged).
///
/// The structure model cannot do this itself: its emissions carry a position prior and its drill
/// classifier takes each sentence's relative position and neighbours as inputs, so it expects
/// each section at its usual place and decodes a swapped answer in drill order with its sections
/// misplaced. The check judges order from evidence that knows nothing of position: the drill's
/// `ContentClassifier` (what each sentence says, the same wherever it is told). For each pair of
/// neighbouring sections (k, k+1) it decodes the content evidence strictly in the drill's order
/// and strictly in that order with the pair exchanged (with the check's own decoder costs), and
/// when the exchanged path has both sections, a learned per-drill logistic over
///   - gain: the exchanged path's score minus the drill-order path's,
///   - lead: the mean relative position of section k's probability mass minus section k+1's
///     (positive when k+1 material comes first),
///   - mass: the log of the smaller of the two sections' total probability (a section the
///     answer hardly has says nothing about order)
/// gives P(swapped). From the drill's threshold on, the answer is out of order and its map is the
/// structure model's path for the exchanged order (position features recomputed for that order,
/// so they expect k+1 where k would be), or the content path when that lacks one of the two.
/// The map's decodes carry the answer's presence terms (`PresenceModel`), each following its
/// section when the pair is exchanged; the content decodes do not (see `contentDecoder`).
/// The threshold was chosen on training answers to weigh a false flag four times a miss: telling
/// a speaker a good answer is out of order is worse advice than missing a swap.
///
/// Deterministic; mirrors `hypotheses()` and `checked_labels()` in scripts/train-order.py, which
/// learns `OrderWeights` on top of `SemanticWeights` (retrain it when those change).
struct OrderCheck {
    /// Disorder cost of a strict-order decode: far above any path score, so never paid.
    static let strictCost = 1e6

    let coefficients: [Double]
    let threshold: Double
    /// The strict decoder for the map, with the answer's presence terms in its skip costs.
    let decoder: StructureDecoder
    /// The strict decoder for the content evidence, with the check's own costs
    /// (`OrderWeights.contentCosts`): the structure decoder's are tuned for its emissions, and a
    /// free middle skip there would let the content decode drop the very sections a swap
    /// hypothesis needs. No presence terms: they judge the structure evidence, and the check was
    /// trained without them (a training answer's presence logit would come from models fitted on it).
    let contentDecoder: StructureDecoder
    let positions: (squared: Int, first: Int, last: Int)

    /// The check for `drill`, or nil for a drill without learned order weights (user drills; the
    /// structure decoder's own out-of-order cost then decides), with fewer than two sections, or
    /// when the order weights were trained on other structure weights than the ones in use (their
    /// decoder costs and maps would differ; a test fails until they are retrained).
    init?(drill: Drill, decoder: StructureDecoder = .trained) {
        guard drill.sections.count >= 2, OrderWeights.semanticFingerprint == SemanticWeights.fingerprint,
              let coefficients = OrderWeights.logistic[drill.id], coefficients.count == 4,
              let threshold = OrderWeights.threshold[drill.id], OrderWeights.contentCosts.count == 4,
              let squared = SentenceEvidence.features.firstIndex(of: "posSq"),
              let first = SentenceEvidence.features.firstIndex(of: "first"),
              let last = SentenceEvidence.features.firstIndex(of: "last")
        else { return nil }
        self.coefficients = coefficients
        self.threshold = threshold
        var strict = decoder
        strict.outOfOrder = Self.strictCost
        self.decoder = strict
        let costs = OrderWeights.contentCosts
        self.contentDecoder = StructureDecoder(
            outOfOrder: Self.strictCost, skipFirst: costs[0], skipMiddle: costs[1], skipLast: costs[2], change: costs[3])
        self.positions = (squared, first, last)
    }

    /// A swap hypothesis: the neighbouring pair (k, k+1), P(swapped) and the content path's labels.
    struct Hypothesis: Equatable {
        var k: Int
        var probability: Double
        var labels: [Int?]
    }

    /// The answer's labels (section index in drill order, nil = none).
    /// - Parameters:
    ///   - evidence: the sentences' structure evidence (`SentenceEvidence`).
    ///   - content: per sentence, the content classifier's log-probabilities (sections, then none).
    func labels(evidence: SentenceEvidence, content: [[Double]]) -> [Int?] {
        let k = evidence.section.first?.count ?? 0
        var order = Array(0..<k)
        let best = judge(content: content, change: evidence.change)
        let flagged = best.map { $0.probability >= threshold } ?? false
        if flagged, let best { order.swapAt(best.k, best.k + 1) }
        // Each section's presence term follows its column.
        let decoded = decoder.reordered(order).decode(emissions: emissions(evidence, order: order), change: evidence.change)
        let labels = decoded.map { $0.map { order[$0] } }
        if flagged, let best, !(labels.contains(best.k) && labels.contains(best.k + 1)) {
            return best.labels
        }
        return labels
    }

    /// The most likely swap hypothesis with both swapped sections in its path (nil when there is none).
    func judge(content: [[Double]], change: [Double]) -> Hypothesis? {
        guard let width = content.first?.count, width >= 3 else { return nil }
        let k = width - 1
        let n = content.count
        let decoder = contentDecoder
        let base = decoder.score(emissions: content, change: change, labels: decoder.decode(emissions: content, change: change))
        let probability = content.map { $0.map(exp) }
        var best: Hypothesis?
        for pair in 0..<(k - 1) {
            var order = Array(0..<k)
            order.swapAt(pair, pair + 1)
            let columns = content.map { row in order.map { row[$0] } + [row[k]] }
            let decoded = decoder.decode(emissions: columns, change: change)
            let labels = decoded.map { $0.map { order[$0] } }
            guard labels.contains(pair), labels.contains(pair + 1) else { continue }
            let gain = decoder.score(emissions: columns, change: change, labels: decoded) - base
            var mass = (0.0, 0.0)
            var centre = (0.0, 0.0)
            for i in 0..<n {
                let position = n > 1 ? Double(i) / Double(n - 1) : 0
                mass.0 += probability[i][pair]
                mass.1 += probability[i][pair + 1]
                centre.0 += probability[i][pair] * position
                centre.1 += probability[i][pair + 1] * position
            }
            let lead = centre.0 / mass.0 - centre.1 / mass.1
            let smaller = log(min(mass.0, mass.1) + 1e-3)
            let logit = coefficients[0] * gain + coefficients[1] * lead + coefficients[2] * smaller + coefficients[3]
            let p = 1 / (1 + exp(-logit))
            if best == nil || p > best!.probability + 1e-12 {
                best = Hypothesis(k: pair, probability: p, labels: labels)
            }
        }
        return best
    }

    /// Emission log-scores with the position features computed for sections spoken in `order`;
    /// columns: the sections in `order`, then none.
    func emissions(_ evidence: SentenceEvidence, order: [Int]) -> [[Double]] {
        var reordered = evidence
        let n = evidence.section.count
        let k = order.count
        for (spokenAt, section) in order.enumerated() {
            let centre = k > 1 ? Double(spokenAt) / Double(k - 1) : 0
            for i in 0..<n {
                let position = n > 1 ? Double(i) / Double(n - 1) : 0
                reordered.section[i][section][positions.squared] = (position - centre) * (position - centre)
                reordered.section[i][section][positions.first] = i == 0 && spokenAt == 0 ? 1 : 0
                reordered.section[i][section][positions.last] = i == n - 1 && spokenAt == k - 1 ? 1 : 0
            }
        }
        return reordered.emissions(sectionWeights: SemanticWeights.section, noneWeights: SemanticWeights.none)
            .map { row in order.map { row[$0] } + [row[k]] }
    }
}
