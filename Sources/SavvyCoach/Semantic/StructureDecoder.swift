/// Labels each sentence of an answer with one of a drill's sections or none, by Viterbi search.
///
/// A state is (current label, set of sections already used). A section is one contiguous run of
/// sentences; the none label may appear anywhere. Starting a section after a later one has been
/// used is allowed at `outOfOrder` cost (and the answer is then reported out of order); each
/// section never used costs its skip score (by its place, first, middle or last, plus the
/// answer's own `presence` term for it, see `PresenceModel`); a label change at sentence i adds
/// `change × (1 − cos(e_i, e_{i−1}) − 0.5)`, so changes of topic favour section boundaries.
/// Ties go to the first state in a fixed order, so the same scores give the same labels.
/// Mirrors `decode()` in scripts/train-structure.py, which has no `mayStart` (its weights are
/// the built-in drills', which never set it).
public struct StructureDecoder: Sendable, Equatable {
    /// The most sections a drill may have for this decoder (the state space doubles per section).
    public static let maximumSections = 6

    public var outOfOrder: Double
    public var skipFirst: Double
    public var skipMiddle: Double
    public var skipLast: Double
    public var change: Double
    /// Extra cost of leaving out each section (by emission column), from one answer's evidence
    /// that the section is there; empty for none.
    public var presence: [Double]
    /// `mayStart[i][column]`: whether that section may begin at sentence i; empty for anywhere.
    /// For drills without trained weights (free talk, drills of your own) the sections'
    /// `earliest`/`latest` windows: nothing else there says where a section belongs, and the
    /// generic evidence alone put a free talk's Opening in its middle and its Close before it.
    /// The learned weights were trained without it, so built-in drills leave it empty.
    public var mayStart: [[Bool]] = []

    public init(
        outOfOrder: Double, skipFirst: Double, skipMiddle: Double, skipLast: Double, change: Double, presence: [Double] = []
    ) {
        self.outOfOrder = outOfOrder
        self.skipFirst = skipFirst
        self.skipMiddle = skipMiddle
        self.skipLast = skipLast
        self.change = change
        self.presence = presence
    }

    /// The learned costs from `SemanticWeights`.
    public static let trained = StructureDecoder(
        outOfOrder: SemanticWeights.outOfOrder, skipFirst: SemanticWeights.skipFirst,
        skipMiddle: SemanticWeights.skipMiddle, skipLast: SemanticWeights.skipLast, change: SemanticWeights.change)

    /// The costs tuned for `GenericWeights` (drills without a trained classifier): the trained
    /// ones leave disorder free, since built-in drills have the order check.
    public static let generic = StructureDecoder(
        outOfOrder: GenericWeights.outOfOrder, skipFirst: GenericWeights.skipFirst,
        skipMiddle: GenericWeights.skipMiddle, skipLast: GenericWeights.skipLast, change: GenericWeights.change)

    /// - Parameters:
    ///   - emissions: `[sentence][label]` log-scores, labels = the K sections in drill order, then none.
    ///   - change: per sentence, 1 − cosine to the previous sentence (ignored for the first).
    /// - Returns: per sentence, a section index 0..<K or nil for none. Empty for no sentences.
    public func decode(emissions: [[Double]], change: [Double]) -> [Int?] {
        guard let width = emissions.first?.count, width >= 1 else { return [] }
        let k = width - 1
        precondition(k <= Self.maximumSections, "drill has more sections than the decoder supports")
        // States in the same order as the training script: by mask, then label.
        var states: [(label: Int, mask: Int)] = []
        for mask in 0..<(1 << k) {
            for label in 0...k where label == k || mask & (1 << label) != 0 {
                states.append((label, mask))
            }
        }
        var index: [Int: Int] = [:]
        for (j, state) in states.enumerated() { index[state.mask * (k + 1) + state.label] = j }
        let count = states.count
        let never = -Double.greatestFiniteMagnitude
        var score = [Double](repeating: never, count: count)
        for (j, state) in states.enumerated() where state.mask == (state.label == k ? 0 : 1 << state.label) {
            guard state.label == k || mayBegin(state.label, at: 0) else { continue }
            score[j] = emissions[0][state.label]
        }
        let n = emissions.count
        var back = [[Int]](repeating: [Int](repeating: 0, count: count), count: n)
        for i in 1..<max(n, 1) {
            let switchBonus = self.switchBonus(at: i, change: change)
            var best = [Double](repeating: never, count: count)
            var from = [Int](repeating: -1, count: count)
            // Walk predecessors in ascending order and keep strict improvements: the first
            // maximum wins, as numpy's argmax does in the training script.
            for (a, state) in states.enumerated() where score[a] > never {
                func offer(_ b: Int, _ value: Double) {
                    if from[b] < 0 || value > best[b] {
                        best[b] = value
                        from[b] = a
                    }
                }
                offer(a, score[a])
                if state.label != k, let b = index[state.mask * (k + 1) + k] {
                    offer(b, score[a] + switchBonus)
                }
                for section in 0..<k where state.mask & (1 << section) == 0 && mayBegin(section, at: i) {
                    let later = (section + 1)..<k
                    let cost = later.contains { state.mask & (1 << $0) != 0 } ? outOfOrder : 0
                    let mask = state.mask | (1 << section)
                    if let b = index[mask * (k + 1) + section] {
                        offer(b, score[a] - cost + switchBonus)
                    }
                }
            }
            for b in 0..<count where from[b] >= 0 {
                best[b] += emissions[i][states[b].label]
            }
            score = best
            back[i] = from
        }
        var finalBest = 0
        var finalScore = never
        for (j, state) in states.enumerated() where score[j] > never {
            var value = score[j]
            for section in 0..<k where state.mask & (1 << section) == 0 {
                value -= skipCost(section, of: k)
            }
            if value > finalScore {
                finalScore = value
                finalBest = j
            }
        }
        var labels = [Int?](repeating: nil, count: n)
        var j = finalBest
        for i in stride(from: n - 1, through: 0, by: -1) {
            labels[i] = states[j].label == k ? nil : states[j].label
            if i > 0 { j = back[i][j] }
        }
        return labels
    }

    /// Whether the section in emission column `column` may begin at sentence `i`.
    func mayBegin(_ column: Int, at i: Int) -> Bool {
        i >= mayStart.count || column >= mayStart[i].count || mayStart[i][column]
    }

    /// The cost of a path that never uses section `section` of `k`.
    func skipCost(_ section: Int, of k: Int) -> Double {
        (section == 0 ? skipFirst : section == k - 1 ? skipLast : skipMiddle)
            + (section < presence.count ? presence[section] : 0)
    }

    /// The same decoder for emissions whose columns are the sections in `order` (column j holds
    /// section `order[j]`): each presence term follows its section.
    public func reordered(_ order: [Int]) -> StructureDecoder {
        var copy = self
        if !presence.isEmpty { copy.presence = order.map { $0 < presence.count ? presence[$0] : 0 } }
        copy.mayStart = mayStart.map { row in order.map { $0 < row.count ? row[$0] : true } }
        return copy
    }

    /// The term a path gains where its label changes at sentence `i`.
    func switchBonus(at i: Int, change: [Double]) -> Double {
        self.change * ((i < change.count ? change[i] : 0) - 0.5)
    }

    /// The score `decode` gives an in-order path `labels` over `emissions` (same columns): the
    /// emissions, the switch bonus at each label change, minus the skip cost of each section the
    /// path never uses. (An out-of-order path would also pay `outOfOrder`; callers score only
    /// in-order ones.)
    func score(emissions: [[Double]], change: [Double], labels: [Int?]) -> Double {
        guard let width = emissions.first?.count else { return 0 }
        let k = width - 1
        var total = 0.0
        for (i, label) in labels.enumerated() {
            total += emissions[i][label ?? k]
            if i > 0, label != labels[i - 1] {
                total += switchBonus(at: i, change: change)
            }
        }
        for section in 0..<k where !labels.contains(section) {
            total -= skipCost(section, of: k)
        }
        return total
    }
}
