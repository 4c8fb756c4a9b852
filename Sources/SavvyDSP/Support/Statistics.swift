/// Order statistics and moments with a fixed evaluation order, so results are bit-identical
/// from run to run (no parallel reductions, deterministic selection).
enum Statistics {
    /// Percentile with linear interpolation between closest ranks (NumPy's default
    /// `percentile(..., method="linear")`), `p` in 0…100. `values` must not be empty.
    /// The two ranks are found by selection on a copy, not by sorting it: the same two values
    /// (an order statistic does not depend on how it is found) in linear time, which matters for
    /// the level percentiles of an hour of 10 ms frames.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        precondition(!values.isEmpty, "percentile of an empty array")
        let rank = Rank(count: values.count, p: p)
        var copy = values
        return copy.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress!
            let lowValue = select(start, count: buffer.count, k: rank.low)
            // select leaves every element after index `low` ≥ the result
            let highValue = rank.high == rank.low ? lowValue : minimum(start, from: rank.high, count: buffer.count)
            return rank.interpolate(lowValue, highValue)
        }
    }

    /// `percentile(values, p)` of values already in ascending order, by the same arithmetic on
    /// the same two order statistics, so the result is the same, bit for bit.
    static func percentile(sorted values: [Double], _ p: Double) -> Double {
        precondition(!values.isEmpty, "percentile of an empty array")
        let rank = Rank(count: values.count, p: p)
        return rank.interpolate(values[rank.low], values[rank.high])
    }

    /// Where the `p`th percentile of `count` values lies, as NumPy's linear method puts it: the
    /// order statistics `low` and `high` (the next, or `low` again at the end) and how far
    /// between them.
    private struct Rank {
        let low: Int
        let high: Int
        let fraction: Double

        init(count: Int, p: Double) {
            let rank = p / 100 * Double(count - 1)
            low = Int(rank.rounded(.down))
            high = min(low + 1, count - 1)
            fraction = rank - Double(low)
        }

        func interpolate(_ lowValue: Double, _ highValue: Double) -> Double {
            lowValue + (highValue - lowValue) * fraction
        }
    }

    /// Median as NumPy defines it (mean of the two middle values for an even count).
    static func median(_ values: [Double]) -> Double {
        percentile(values, 50)
    }

    /// Arithmetic mean, summed left to right.
    static func mean(_ values: [Double]) -> Double {
        var sum = 0.0
        for v in values { sum += v }
        return sum / Double(values.count)
    }

    /// Population standard deviation (NumPy `std`, ddof = 0), two-pass for accuracy.
    static func standardDeviation(_ values: [Double]) -> Double {
        let m = mean(values)
        var sum = 0.0
        for v in values { sum += (v - m) * (v - m) }
        return (sum / Double(values.count)).squareRoot()
    }

    /// The `k`-th smallest element (0-based) of `buffer[0..<count]`, partially reordering it
    /// in place so that every element after index `k` is ≥ the result.
    ///
    /// Quickselect with a median-of-three pivot and branch-free Lomuto partitions (the
    /// per-element decision becomes a conditional move: on the random-looking cepstral values
    /// this is several times faster than a branchy Hoare partition). When no element is below the
    /// pivot, a second pass groups those equal to it, so long runs of equal values (digital
    /// silence) stay linear.
    /// Deterministic: no random pivots.
    static func select<T: BinaryFloatingPoint>(_ buffer: UnsafeMutablePointer<T>, count: Int, k: Int) -> T {
        var low = 0
        var high = count  // exclusive
        while high - low > 1 {
            let mid = low + (high - low) / 2
            let last = high - 1
            if buffer[mid] < buffer[low] { swap(buffer, low, mid) }
            if buffer[last] < buffer[low] { swap(buffer, low, last) }
            if buffer[last] < buffer[mid] { swap(buffer, mid, last) }
            let pivot = buffer[mid]
            // [low, less) < pivot
            var less = low
            for i in low..<high {
                let v = buffer[i]
                buffer[i] = buffer[less]
                buffer[less] = v
                less += v < pivot ? 1 : 0
            }
            if k < less {
                high = less
                continue
            }
            if less > low {
                // the rest, [less, high) ≥ pivot, is smaller: go on with it. Grouping the
                // elements equal to the pivot is needed only when nothing was below it.
                low = less
                continue
            }
            // [less, equal) == pivot
            var equal = less
            for i in less..<high {
                let v = buffer[i]
                buffer[i] = buffer[equal]
                buffer[equal] = v
                equal += v <= pivot ? 1 : 0
            }
            if k < equal { return pivot }
            low = equal
        }
        return buffer[k]
    }

    /// Smallest element of `buffer[from..<count]`.
    static func minimum<T: BinaryFloatingPoint>(_ buffer: UnsafeMutablePointer<T>, from: Int, count: Int) -> T {
        var m = buffer[from]
        var i = from + 1
        while i < count {
            if buffer[i] < m { m = buffer[i] }
            i += 1
        }
        return m
    }

    @inline(__always)
    private static func swap<T>(_ b: UnsafeMutablePointer<T>, _ i: Int, _ j: Int) {
        let t = b[i]
        b[i] = b[j]
        b[j] = t
    }
}
