import Foundation

/// Decides whether a structured answer was told out of the drill's order — two neighbouring
/// sections swapped, or one section told before or after several others (a STAR answer that
/// leads with its Result) — and labels its sentences accordingly (issue 14: out of order is
/// allowed at a cost, then flagged).
///
/// The structure model cannot do this itself: its emissions carry a position prior and its drill
/// classifier takes each sentence's relative position and neighbours as inputs, so it expects
/// each section at its usual place and decodes a reordered answer in drill order with its
/// sections misplaced. The check judges order from evidence that knows nothing of position: the
/// drill's `ContentClassifier` (what each sentence says, the same wherever it is told). For each
/// `Move` — one section told elsewhere, so that a group B of sections comes before the group A
/// that precedes it in the drill (a neighbouring swap is A = {k}, B = {k+1}) — it decodes the
/// content evidence strictly in the drill's order and strictly in the moved order (with the
/// check's own decoder costs), and when the moved path has a section of each group, a learned
/// per-drill logistic over
///   - gain: the moved path's score minus the drill-order path's,
///   - lead: the mean relative position of group A's probability mass minus group B's
///     (positive when B material comes first),
///   - mass: the log of the smaller of the two groups' total probability (a section the
///     answer hardly has says nothing about order),
///   - span: how many sections beyond two the move involves (0 for a neighbouring swap; a
///     longer move's gain and lead run larger on in-order answers too)
/// gives P(moved). From the drill's threshold on, the answer is out of order and its map is the
/// structure model's path for the moved order (position features recomputed for that order,
/// so they expect B where A would be), or the content path when that lacks either group.
/// The map's decodes carry the answer's presence terms (`PresenceModel`), each following its
/// section when the order changes; the content decodes do not (see `contentDecoder`).
/// The threshold was chosen on training answers to weigh a false flag four times a miss: telling
/// a speaker a good answer is out of order is worse advice than missing one.
///
/// Deterministic; mirrors `moves()`, `hypotheses()` and `checked_labels()` in
/// scripts/train-order.py, which learns `OrderWeights` on top of `SemanticWeights` (retrain it
/// when those change).
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
              let coefficients = OrderWeights.logistic[drill.id], coefficients.count == 5,
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

    /// One section told elsewhere: the sections in the order spoken, and the two groups it
    /// exchanges (`a` comes first in the drill's order, `b` is told before it).
    struct Move: Equatable {
        var order: [Int]
        var a: [Int]
        var b: [Int]
    }

    /// Every move of `count` sections, by span (how many places the section moves), then by
    /// start; within a span and start, the later section told first before the earlier one
    /// told last (span 1 is the neighbouring swap, which is both). Ties go to the first.
    static func moves(count: Int) -> [Move] {
        var result: [Move] = []
        guard count >= 2 else { return result }
        for span in 1..<count {
            for start in 0..<(count - span) {
                let end = start + span
                var groups = [(Array(start..<end), [end])]
                if span > 1 { groups.append(([start], Array((start + 1)...end))) }
                for (a, b) in groups {
                    result.append(Move(order: Array(0..<start) + b + a + Array((end + 1)..<count), a: a, b: b))
                }
            }
        }
        return result
    }

    /// A hypothesis: the move, P(moved) and the content path's labels.
    struct Hypothesis: Equatable {
        var move: Move
        var probability: Double
        var labels: [Int?]
    }

    /// Whether `labels` hold a section of each of the move's groups.
    private static func holdsBoth(_ labels: [Int?], _ move: Move) -> Bool {
        move.a.contains { labels.contains($0) } && move.b.contains { labels.contains($0) }
    }

    /// The answer's labels (section index in drill order, nil = none).
    /// - Parameters:
    ///   - evidence: the sentences' structure evidence (`SentenceEvidence`).
    ///   - content: per sentence, the content classifier's log-probabilities (sections, then none).
    func labels(evidence: SentenceEvidence, content: [[Double]]) -> [Int?] {
        let k = evidence.section.first?.count ?? 0
        let flagged = judge(content: content, change: evidence.change).flatMap { $0.probability >= threshold ? $0 : nil }
        let order = flagged?.move.order ?? Array(0..<k)
        // Each section's presence term follows its column.
        let decoded = decoder.reordered(order).decode(emissions: emissions(evidence, order: order), change: evidence.change)
        let labels = decoded.map { $0.map { order[$0] } }
        if let flagged, !Self.holdsBoth(labels, flagged.move) {
            return flagged.labels
        }
        return labels
    }

    /// The most likely move with a section of each group in its path (nil when there is none).
    func judge(content: [[Double]], change: [Double]) -> Hypothesis? {
        guard let width = content.first?.count, width >= 3 else { return nil }
        let k = width - 1
        let n = content.count
        let decoder = contentDecoder
        let base = decoder.score(emissions: content, change: change, labels: decoder.decode(emissions: content, change: change))
        let probability = content.map { $0.map(exp) }
        var best: Hypothesis?
        for move in Self.moves(count: k) {
            let order = move.order
            let columns = content.map { row in order.map { row[$0] } + [row[k]] }
            let decoded = decoder.decode(emissions: columns, change: change)
            let labels = decoded.map { $0.map { order[$0] } }
            guard Self.holdsBoth(labels, move) else { continue }
            let gain = decoder.score(emissions: columns, change: change, labels: decoded) - base
            var mass = (0.0, 0.0)
            var centre = (0.0, 0.0)
            for i in 0..<n {
                let position = n > 1 ? Double(i) / Double(n - 1) : 0
                // Summed per sentence first, as the training script does.
                let a = move.a.reduce(0.0) { $0 + probability[i][$1] }
                let b = move.b.reduce(0.0) { $0 + probability[i][$1] }
                mass.0 += a
                mass.1 += b
                centre.0 += a * position
                centre.1 += b * position
            }
            let lead = centre.0 / mass.0 - centre.1 / mass.1
            let smaller = log(min(mass.0, mass.1) + 1e-3)
            let span = Double(move.a.count + move.b.count - 2)
            let logit = coefficients[0] * gain + coefficients[1] * lead + coefficients[2] * smaller
                + coefficients[3] * span + coefficients[4]
            let p = 1 / (1 + exp(-logit))
            if best == nil || p > best!.probability + 1e-12 {
                best = Hypothesis(move: move, probability: p, labels: labels)
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
