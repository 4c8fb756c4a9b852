import CSavvyKernels

/// A floating-point type whose positive values order as their bit patterns do (Double, Float):
/// what lets ``SelectionBracket`` compare by integer arithmetic.
protocol BracketValue: BinaryFloatingPoint {
    associatedtype Bits: FixedWidthInteger & UnsignedInteger
    var bitPattern: Bits { get }
    init(bitPattern: Bits)
}

extension Double: BracketValue {}
extension Float: BracketValue {}

/// Exact medians of a slowly changing series of positive-valued buffers, found in about one
/// pass each by remembering where the previous median was.
///
/// CPPS takes two medians (≈ 256 and 513 floats; doubles for a steep trend) every 2 ms frame,
/// and successive frames overlap by 98 %, so each median lies close to the previous one. One
/// vectorised pass counts the values below `centre / ratio` and those within
/// `[centre / ratio, centre · ratio]`; if the wanted ranks fall inside, one pass
/// (``copy(_:count:from:through:into:)``) copies those few values to a scratch buffer and a
/// selection by counting on them (``select(positive:count:k:spare:)``) finishes the job,
/// otherwise a full ``Statistics/select(_:count:k:)`` runs. Either way the
/// result is the exact order statistic (a value, independent of the algorithm), so this is a
/// pure speed-up. The bracket adapts (narrower after a hit with many values inside, wider
/// after a miss), deterministically from the data alone.
struct SelectionBracket<Value: BracketValue> {
    /// Last median found; 0 means none yet (every value handled here is positive).
    private var centre: Value = 0
    /// Multiplicative half-width of the bracket, > 1.
    private var ratio = 2.0
    /// Values inside a successful bracket above which it narrows (a small selection after
    /// the pass, few misses).
    private static var targetInside: Int { 24 }

    /// The two middle order statistics of `values[0..<count]` (equal for an odd count): the
    /// values of ranks ⌊(count − 1)/2⌋ and ⌊count/2⌋. `values` may be reordered; `scratch` must
    /// hold `3 · count` values. All values must be positive and finite (not NaN).
    mutating func middlePair(of values: UnsafeMutablePointer<Value>, count: Int,
                             scratch: UnsafeMutablePointer<Value>) -> (low: Value, high: Value) {
        let k = (count - 1) / 2
        let next = count / 2
        var attempts = centre > 0 ? 3 : 0
        while attempts > 0 {
            attempts -= 1
            let lower = Value(Double(centre) / ratio)
            let upper = Value(Double(centre) * ratio)
            // Counting first (`countOutside`: no stores, no branches), so a miss costs little;
            // values are copied only once the wanted ranks are known to be inside.
            let lowerBits = lower.bitPattern
            let upperBits = upper.bitPattern
            let (belowCount, aboveCount) = SelectionBracket.countOutside(
                UnsafePointer(values), count: count, lower: lowerBits, upper: upperBits)
            let notAbove = count - aboveCount
            let inside = notAbove - belowCount
            if belowCount <= k && next < notAbove {
                SelectionBracket.copy(UnsafePointer(values), count: count, from: lowerBits, through: upperBits,
                                      into: scratch)
                let low = SelectionBracket.select(positive: scratch, count: inside, k: k - belowCount,
                                                  spare: scratch + count)
                let high = next == k ? low
                    : SelectionBracket.successor(of: low, rank: k - belowCount, in: scratch, count: inside)
                if inside > SelectionBracket.targetInside { ratio = 1 + (ratio - 1) * 0.7 }
                centre = low
                return (low, high)
            }
            // missed: the count says on which side the wanted ranks are, so the next bracket
            // starts at the bound they lie beyond, one (wider) bracket further that way
            centre = Value(belowCount > k ? Double(lower) / ratio : Double(upper) * ratio)
            ratio = min(1 + (ratio - 1) * 2, 1e6)
        }
        let low = Statistics.select(values, count: count, k: k)
        let high = next == k ? low : Statistics.minimum(values, from: next, count: count)
        centre = low
        return (low, high)
    }

    /// The `k`-th smallest (0-based) of `values[0..<count]`, all positive and finite, leaving
    /// them in place; `spare` holds `2 · count` values of working memory.
    ///
    /// Each step takes a median-of-three pivot, counts the values below and above it in one
    /// pass the compiler vectorises (bit patterns, as in ``middlePair(of:count:scratch:)``), and
    /// either returns the pivot (rank `k` is one of its copies) or copies the side that holds rank
    /// `k` into the other half of `spare` (``copy(_:count:from:through:into:)``). An in-place partition instead
    /// (``Statistics/select(_:count:k:)``) waits on its own stores every element; on the 20 to 200
    /// values a bracket leaves, this is about twice as fast. The last dozen values are sorted by
    /// insertion. The result is the exact order statistic.
    static func select(positive values: UnsafePointer<Value>, count: Int, k: Int,
                       spare: UnsafeMutablePointer<Value>) -> Value {
        var source = values
        var target = spare
        var other = spare + count
        var n = count
        var rank = k
        while n > 12 {
            let a = source[0].bitPattern, b = source[n >> 1].bitPattern, c = source[n - 1].bitPattern
            let pivot = max(min(a, b), min(max(a, b), c))
            let (belowCount, aboveCount) = countOutside(source, count: n, lower: pivot, upper: pivot)
            if rank < belowCount {
                // pivot ≥ 1: the values are positive, so the pivot, one of them, is not +0
                copy(source, count: n, from: 0, through: pivot - 1, into: target)
                n = belowCount
            } else if rank < n - aboveCount {
                return Value(bitPattern: pivot)
            } else {
                copy(source, count: n, from: pivot + 1, through: Value.infinity.bitPattern, into: target)
                rank -= n - aboveCount
                n = aboveCount
            }
            source = UnsafePointer(target)
            swap(&target, &other)
        }
        // insertion sort of the last few into `target` (never `values`)
        for i in 0..<n {
            let v = source[i]
            var j = i
            while j > 0 && target[j - 1] > v {
                target[j] = target[j - 1]
                j -= 1
            }
            target[j] = v
        }
        return target[rank]
    }

    /// Copies the values of `values[0..<count]` (positive and finite) whose bit patterns lie in
    /// `lower...upper` to `target` (room for `count`), in index order.
    ///
    /// Branch-free in Swift — every value is stored and the write index advances by the test —
    /// but each store then waits on the index the previous one computed, about 2.5 cycles a value,
    /// which made these copies the larger part of both CPPS medians. Floats go to CSavvyKernels
    /// instead, which on a CPU with AVX2 tests eight at once and packs those inside to the left
    /// with one lane permutation: the same values in the same order, so the same order statistic.
    @inline(__always)
    static func copy(_ values: UnsafePointer<Value>, count: Int, from lower: Value.Bits, through upper: Value.Bits,
                     into target: UnsafeMutablePointer<Value>) {
        if Value.self == Float.self {
            _ = savvy_copy_inside_f32(UnsafeRawPointer(values).assumingMemoryBound(to: Float.self), count,
                                      UInt32(truncatingIfNeeded: lower), UInt32(truncatingIfNeeded: upper),
                                      UnsafeMutableRawPointer(target).assumingMemoryBound(to: Float.self))
            return
        }
        let sign = Value.Bits.bitWidth - 1
        var copied = 0
        for i in 0..<count {
            let bits = values[i].bitPattern
            target[copied] = values[i]
            copied &+= Int(((bits &- lower) &>> sign | (upper &- bits) &>> sign) ^ 1)
        }
    }

    /// How many of `values[0..<count]` have bit patterns below `lower` and above `upper`, in one
    /// pass the compiler vectorises: positive values order as their bit patterns do, so each
    /// comparison is the sign bit of an integer difference (written as `v < lower ? 1 : 0` the
    /// optimiser turned the loop into mispredicted branches).
    @inline(__always)
    static func countOutside(_ values: UnsafePointer<Value>, count: Int,
                             lower: Value.Bits, upper: Value.Bits) -> (below: Int, above: Int) {
        let sign = Value.Bits.bitWidth - 1
        var below: Value.Bits = 0
        var above: Value.Bits = 0
        for i in 0..<count {
            let bits = values[i].bitPattern
            below &+= (bits &- lower) &>> sign
            above &+= (upper &- bits) &>> sign
        }
        return (Int(below), Int(above))
    }

    /// The value of rank `k + 1` in `values[0..<count]`, given `low`, the value of rank `k`: `low`
    /// again when more than `k + 1` values are ≤ it, else the smallest value above it (one pass,
    /// on bit patterns).
    static func successor(of low: Value, rank k: Int, in values: UnsafePointer<Value>, count: Int) -> Value {
        let sign = Value.Bits.bitWidth - 1
        let lowBits = low.bitPattern
        var above: Value.Bits = 0
        var smallestAbove = Value.Bits.max
        for i in 0..<count {
            let bits = values[i].bitPattern
            let isAbove = (lowBits &- bits) &>> sign
            above &+= isAbove
            smallestAbove = min(smallestAbove, isAbove == 1 ? bits : Value.Bits.max)
        }
        return count - Int(above) > k + 1 ? low : Value(bitPattern: smallestAbove)
    }
}
