import Foundation

/// Decides whether a structured answer was told with two neighbouring sections swapped, and
/// labels its sentences accordingly (issue 14: out of order is allowed at a cost, then flagged).
///
/// The structure decoder cannot do this itself: its emissions carry a learned position prior
/// (a section is expected at its nominal place in the drill's order), and no affordable
/// out-of-order cost outweighs it, so a swapped answer is decoded in drill order with its
/// sections misplaced. The check instead compares orders on an equal footing: for each pair of
/// neighbouring sections (k, k+1) it decodes the answer strictly in the drill's order with the
/// two exchanged, the position features recomputed for that order so the prior expects k+1
/// where it would expect k, and compares that path with the strict drill-order path. A learned
/// per-drill logistic over the score gain and the drill classifier's margin between the two
/// swapped blocks gives P(swapped); from the drill's threshold on, the swapped path is the map.
/// The threshold was chosen on training answers to weigh a false flag four times a miss: telling
/// a speaker a good answer is out of order is worse advice than missing a swap.
///
/// Deterministic; mirrors `hypotheses()` in scripts/train-order.py, which learns `OrderWeights`
/// on top of `SemanticWeights` (retrain it when those change).
struct OrderCheck {
    /// Disorder cost of a strict-order decode: far above any path score, so never paid.
    static let strictCost = 1e6

    let coefficients: [Double]
    let threshold: Double
    let decoder: StructureDecoder
    let positions: (squared: Int, first: Int, last: Int)

    /// The check for `drill`, or nil for a drill without learned order weights (user drills; the
    /// structure decoder's own out-of-order cost then decides) or with fewer than two sections.
    init?(drill: Drill, decoder: StructureDecoder = .trained) {
        guard drill.sections.count >= 2,
              let coefficients = OrderWeights.logistic[drill.id], coefficients.count == 3,
              let threshold = OrderWeights.threshold[drill.id],
              let squared = SentenceEvidence.features.firstIndex(of: "posSq"),
              let first = SentenceEvidence.features.firstIndex(of: "first"),
              let last = SentenceEvidence.features.firstIndex(of: "last")
        else { return nil }
        self.coefficients = coefficients
        self.threshold = threshold
        var strict = decoder
        strict.outOfOrder = Self.strictCost
        self.decoder = strict
        self.positions = (squared, first, last)
    }

    /// A swap hypothesis: the neighbouring pair (k, k+1), P(swapped) and its path's labels.
    struct Hypothesis: Equatable {
        var k: Int
        var probability: Double
        var labels: [Int?]
    }

    /// The answer's labels (section index in drill order, nil = none): the most likely swap
    /// hypothesis's path when its P(swapped) reaches the threshold, else the strict drill-order path.
    /// - Parameters:
    ///   - evidence: the sentences' structure evidence (`SentenceEvidence`).
    ///   - drillModel: per sentence, the drill classifier's log-probabilities (sections, then none).
    func labels(evidence: SentenceEvidence, drillModel: [[Double]]) -> [Int?] {
        let (base, best) = judge(evidence: evidence, drillModel: drillModel)
        if let best, best.probability >= threshold { return best.labels }
        return base
    }

    /// The strict drill-order labels and the most likely swap hypothesis with both swapped
    /// sections found in its path (nil when there is none).
    func judge(evidence: SentenceEvidence, drillModel: [[Double]]) -> (base: [Int?], best: Hypothesis?) {
        let k = evidence.section.first?.count ?? 0
        let drillOrder = Array(0..<k)
        let baseEmissions = emissions(evidence, order: drillOrder)
        let base = decoder.decode(emissions: baseEmissions, change: evidence.change)
        guard k >= 2, drillModel.count == base.count else { return (base, nil) }
        let baseScore = score(baseEmissions, change: evidence.change, labels: base)
        var best: Hypothesis?
        for pair in 0..<(k - 1) {
            var order = drillOrder
            order.swapAt(pair, pair + 1)
            let swappedEmissions = emissions(evidence, order: order)
            let spoken = decoder.decode(emissions: swappedEmissions, change: evidence.change)
            let labels = spoken.map { $0.map { order[$0] } }
            let first = labels.indices.filter { labels[$0] == pair + 1 }
            let second = labels.indices.filter { labels[$0] == pair }
            guard !first.isEmpty, !second.isEmpty else { continue }
            let gain = score(swappedEmissions, change: evidence.change, labels: spoken) - baseScore
            let margin = Self.mean(first.map { drillModel[$0][pair + 1] - drillModel[$0][pair] })
                + Self.mean(second.map { drillModel[$0][pair] - drillModel[$0][pair + 1] })
            let logit = coefficients[0] * gain + coefficients[1] * margin + coefficients[2]
            let probability = 1 / (1 + exp(-logit))
            if best == nil || probability > best!.probability + 1e-12 {
                best = Hypothesis(k: pair, probability: probability, labels: labels)
            }
        }
        return (base, best)
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

    /// The decoder's score of an in-order path over `emissions` (columns as decoded): emissions,
    /// the change term at each label change, the skip cost of each column never used.
    func score(_ emissions: [[Double]], change: [Double], labels: [Int?]) -> Double {
        guard let width = emissions.first?.count else { return 0 }
        let k = width - 1
        var total = 0.0
        for (i, label) in labels.enumerated() {
            total += emissions[i][label ?? k]
            if i > 0, label != labels[i - 1] {
                total += decoder.change * ((i < change.count ? change[i] : 0) - 0.5)
            }
        }
        for column in 0..<k where !labels.contains(column) {
            total -= column == 0 ? decoder.skipFirst : column == k - 1 ? decoder.skipLast : decoder.skipMiddle
        }
        return total
    }

    private static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
}
