import Foundation

/// Rational-ratio resampler with a Kaiser-windowed sinc low-pass (the same design as SciPy's
/// `resample_poly`: 20·max(up, down) + 1 taps, β = 5, cut-off at the lower Nyquist,
/// zero-phase alignment, output length ⌈n·up/down⌉).
///
/// Used to bring 16 kHz speech to the 10 kHz rate at which Praat computes its power
/// cepstrogram (2 × the 5 kHz analysis ceiling). Deterministic: fixed taps, fixed summation
/// order, no FFT.
struct PolyphaseResampler {
    let up: Int
    let down: Int
    private let taps: [Double]
    private let halfLength: Int
    /// `taps` split by phase `p = centre mod up` and reversed, run `p` being
    /// `phaseTaps[phaseStart[p] + i] = taps[p + (count_p − 1 − i)·up]`, so an interior output
    /// is a dot product of two contiguous runs (input ascending, taps ascending).
    private let phaseTaps: [Double]
    private let phaseStart: [Int]

    init(from inputRate: Int, to outputRate: Int) {
        var a = inputRate, b = outputRate
        while b != 0 { (a, b) = (b, a % b) }
        up = outputRate / a
        down = inputRate / a
        let maxRate = max(up, down)
        halfLength = 10 * maxRate
        let count = 2 * halfLength + 1
        let cutoff = 1.0 / Double(maxRate)
        let beta = 5.0
        let i0Beta = PolyphaseResampler.besselI0(beta)
        var h = [Double](repeating: 0, count: count)
        var sum = 0.0
        for n in 0..<count {
            let m = Double(n - halfLength)
            let x = cutoff * m
            let sinc = x == 0 ? 1.0 : sin(Double.pi * x) / (Double.pi * x)
            let ratio = 2 * Double(n) / Double(count - 1) - 1
            let window = PolyphaseResampler.besselI0(beta * (max(0, 1 - ratio * ratio)).squareRoot()) / i0Beta
            h[n] = cutoff * sinc * window
            sum += h[n]
        }
        let gain = Double(up) / sum
        let scaled = h.map { $0 * gain }
        taps = scaled
        var runs: [Double] = []
        var starts: [Int] = []
        let phases = up, span = 2 * halfLength
        for p in 0...phases {
            starts.append(runs.count)
            guard p < phases else { break }
            let count = (span - p) / phases + 1
            for i in 0..<count { runs.append(scaled[p + (count - 1 - i) * phases]) }
        }
        phaseTaps = runs
        phaseStart = starts
    }

    /// The full low-pass (gain `up`), for checking the per-phase path against a direct sum.
    var referenceTaps: [Double] { taps }

    /// Resampled copy of `input` (length ⌈count·up/down⌉).
    func process(_ input: [Double]) -> [Double] {
        let block = SignalBlock(start: 0, values: input, totalCount: input.count)
        return process(outputs: 0..<outputCount(inputCount: input.count), block: block)
    }

    /// Length of the output for `inputCount` input samples, ⌈inputCount·up/down⌉.
    func outputCount(inputCount: Int) -> Int {
        (inputCount * up + down - 1) / down
    }

    /// The input samples outputs `outputs` are made from, before clipping to the signal.
    func inputRange(outputs: Range<Int>) -> Range<Int> {
        guard !outputs.isEmpty else { return 0..<0 }
        let low = outputs.lowerBound * down + halfLength - 2 * halfLength
        let high = (outputs.upperBound - 1) * down + halfLength
        // ⌈low / up⌉ for either sign, ⌊high / up⌋ + 1
        let first = low >= 0 ? (low + up - 1) / up : -((-low) / up)
        return first..<(high / up + 1)
    }

    /// Outputs `outputs` of the resampled signal, reading `block`, which must hold
    /// ``inputRange(outputs:)`` within the signal. Each output takes the same path (interior dot
    /// product or edge sum, decided on the whole signal's length) as in ``process(_:)``.
    func process(outputs: Range<Int>, block: SignalBlock) -> [Double] {
        let n = block.totalCount
        let base = block.start
        var out = [Double](repeating: 0, count: outputs.count)
        taps.withUnsafeBufferPointer { h in
          phaseTaps.withUnsafeBufferPointer { runs in
           phaseStart.withUnsafeBufferPointer { starts in
            block.values.withUnsafeBufferPointer { x in
                // centre = m·down + halfLength = newest·up + phase, stepped by `down` from one
                // output to the next: two integer divisions an output (tens of cycles each, the
                // rate being no compile-time constant) cost about as much as its 32-tap product
                let stepQuotient = down / up, stepRemainder = down % up
                let firstCentre = outputs.lowerBound * down + halfLength
                var phase = firstCentre % up
                var newest = (firstCentre - phase) / up
                for m in outputs {
                    defer {
                        phase += stepRemainder
                        newest += stepQuotient
                        if phase >= up {
                            phase -= up
                            newest += 1
                        }
                    }
                    // y[m] = Σ_j x[j]·h[halfLength + m·down − j·up], taps in 0…2·halfLength
                    let runCount = starts[phase + 1] - starts[phase]
                    let oldest = newest - (runCount - 1)
                    if oldest >= 0 && newest < n {
                        out[m - outputs.lowerBound] = PolyphaseResampler.dot(
                            x.baseAddress! + (oldest - base), runs.baseAddress! + starts[phase], count: runCount)
                        continue
                    }
                    // near the signal's ends: the taps that meet samples inside it, one by one
                    let centre = newest * up + phase
                    var jLow = centre - 2 * halfLength
                    jLow = jLow <= 0 ? 0 : (jLow + up - 1) / up
                    let jHigh = min(n - 1, centre / up)
                    var acc = 0.0
                    var j = jLow
                    var k = centre - jLow * up
                    while j <= jHigh {
                        acc += x[j - base] * h[k]
                        j += 1
                        k -= up
                    }
                    out[m - outputs.lowerBound] = acc
                }
            }
           }
          }
        }
        return out
    }

    /// Σ a[i]·b[i] with four partial sums in a fixed order (deterministic): sum j takes the
    /// products i ≡ j (mod 4), the leftover ones go to sum 0, and the four are joined pairwise.
    /// The sums are the lanes of one SIMD4 (each lane the scalar arithmetic, so the same bits as
    /// four scalar sums; written as scalars the loop kept its index checks and half its width).
    @inline(__always)
    private static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
        let rawA = UnsafeRawPointer(a), rawB = UnsafeRawPointer(b)
        let stride = MemoryLayout<Double>.stride
        var sums = SIMD4<Double>()
        var i = 0
        while i &+ 4 <= count {
            sums += rawA.loadUnaligned(fromByteOffset: i &* stride, as: SIMD4<Double>.self)
                * rawB.loadUnaligned(fromByteOffset: i &* stride, as: SIMD4<Double>.self)
            i &+= 4
        }
        var s0 = sums[0]
        while i < count {
            s0 += a[i] * b[i]
            i &+= 1
        }
        return (s0 + sums[1]) + (sums[2] + sums[3])
    }

    /// Modified Bessel function of the first kind, order 0 (power series).
    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0
        var term = 1.0
        let q = x * x / 4
        var k = 1.0
        while term > 1e-17 * sum {
            term *= q / (k * k)
            sum += term
            k += 1
        }
        return sum
    }
}
