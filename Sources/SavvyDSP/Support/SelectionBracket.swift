/// Exact medians of a slowly changing series of positive-valued buffers, found in about one
/// pass each by remembering where the previous median was.
///
/// CPPS takes two medians (≈ 256 and 513 values) every 2 ms frame, and successive frames
/// overlap by 98 %, so each median lies close to the previous one. One branch-free pass counts
/// the values below `centre / ratio` and copies those within `[centre / ratio, centre · ratio]`
/// to a scratch buffer; if the wanted ranks fall inside, a quickselect on those few values
/// finishes the job, otherwise a full ``Statistics/select(_:count:k:)`` runs. Either way the
/// result is the exact order statistic (a value, independent of the algorithm), so this is a
/// pure speed-up. The bracket adapts (narrower after a hit with many values inside, wider
/// after a miss), deterministically from the data alone.
struct SelectionBracket {
    /// Last median found; 0 means none yet (every value handled here is positive).
    private var centre = 0.0
    /// Multiplicative half-width of the bracket, > 1.
    private var ratio = 2.0
    /// Values inside a successful bracket above which it narrows (a small selection after
    /// the pass, few misses).
    private static let targetInside = 40

    /// The two middle order statistics of `values[0..<count]` (equal for an odd count): the
    /// values of ranks ⌊(count − 1)/2⌋ and ⌊count/2⌋. `values` may be reordered; `scratch` must
    /// hold `count` doubles. All values must be positive and finite.
    mutating func middlePair(of values: UnsafeMutablePointer<Double>, count: Int,
                             scratch: UnsafeMutablePointer<Double>) -> (low: Double, high: Double) {
        let k = (count - 1) / 2
        let next = count / 2
        var attempts = centre > 0 ? 3 : 0
        while attempts > 0 {
            attempts -= 1
            let lower = centre / ratio
            let upper = centre * ratio
            var below = 0
            var inside = 0
            for i in 0..<count {
                let v = values[i]
                below += v < lower ? 1 : 0
                scratch[inside] = v
                inside += (v >= lower && v <= upper) ? 1 : 0
            }
            if below <= k && next < below + inside {
                let low = Statistics.select(scratch, count: inside, k: k - below)
                let high = next == k ? low
                    : Statistics.minimum(scratch, from: next - below, count: inside)
                if inside > SelectionBracket.targetInside { ratio = 1 + (ratio - 1) * 0.8 }
                centre = low
                return (low, high)
            }
            // missed: widen (in the log domain roughly ×4) and try again around the same centre
            ratio = min(1 + (ratio - 1) * 4, 1e6)
        }
        let low = Statistics.select(values, count: count, k: k)
        let high = next == k ? low : Statistics.minimum(values, from: next, count: count)
        centre = low
        return (low, high)
    }
}
