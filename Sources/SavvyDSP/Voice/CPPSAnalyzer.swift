import Foundation

/// Praat-compatible smoothed cepstral peak prominence (CPPS), per 2 ms frame.
///
/// Reproduces Praat 6.1 `To PowerCepstrogram: 60, 0.002, 5000, 50` followed by
/// `Get CPPS: no, 0.01, 0.001, 60, 330, 0.05, Parabolic, 0.001, 0, Straight, Robust` — the
/// settings of Maryn & Weenink (2015) and Murton et al. (2020), whose dysphonia norms
/// (≈ 9.3 dB connected speech) only apply to this exact recipe:
/// 1. input at 10 kHz (the caller resamples), pre-emphasis from 50 Hz;
/// 2. Gaussian window of 0.1 s (3 periods of the 60 Hz floor, ×2), frame mean removed,
///    zero-padded to 1024; frames every 2 ms on a grid centred in the file;
/// 3. power cepstrum c = IFFT(ln|X|²), stored as c²;
/// 4. c² smoothed over 10 ms in time (5 frames) then 1 ms in quefrency (10 bins), each as
///    the mean of the linearly interpolated sequence, renormalised at the edges;
/// 5. per frame: a robust straight trend (Theil's incomplete method) through the whole
///    cepstrum in dB, and the parabolically refined peak in 1/330 … 1/60 s; CPP is the peak
///    height above the trend in dB.
/// Hillenbrand's unsmoothed CPP runs 8–10 dB higher; the two must never be mixed.
/// The transforms are double precision; the logarithm of the power spectrum is taken in single
/// precision (see ``cepstrum``), and so are c² from there on — its smoothing, the slope's pair
/// ratios and the detrended values whose median is the intercept (see
/// ``singlePrecisionIntercept(of:step:)``) — up to the peak, which is double again. c² spans more than
/// 100 dB, but a float's exponent covers ±38 decades, and every step is a sum or ratio of
/// positive values, so the relative rounding stays ≈ 1e-7: about 1e-6 dB on a frame's CPP. On
/// the 600 s bench file 12 of 300 000 frames moved by more than 1e-5 dB (one, where two peaks
/// or two median candidates were within the rounding, by 0.057 dB) and the file's CPPS by 2e-7
/// dB, against the all-double smoothing. Twice as many floats as doubles fit a SIMD register,
/// which halves the cost of both smoothing passes and of the ratios' division and count.
/// All buffers are allocated once in `init`.
final class CPPSAnalyzer {
    /// Sample rate the analyser expects (2 × 5000 Hz).
    static let sampleRate = 10_000
    /// Frame step in seconds.
    static let timeStep = 0.002
    /// Analysis window length in seconds (2 × 3 / 60 Hz).
    static let windowDuration = 0.1

    private let windowLength: Int
    private let quefrencyCount: Int
    private let plan: FFTPlan
    private let buffer: FFTBuffer
    /// The second transform: the log spectrum is real and even, so the cepstrum is its DCT-I.
    private let cosineTransform: CosineTransform
    private let timeKernel: [Double]
    private let quefrencyKernel: [Double]
    private let peakLow: Int
    private let peakHigh: Int
    private let quefrencyStep: Double
    /// Working memory, allocated once (raw pointers keep the per-frame loops free of
    /// exclusivity checks and copy-on-write tests, and let them vectorise):
    /// the cepstrum row (double), the raw c² row, `timeKernel.count` rows of quefrency-smoothed
    /// c² (a ring over frames), the fully smoothed row and the pair ratios with their selection
    /// scratch (all single precision), the detrended row with its selection scratch and the peak
    /// window (double).
    private let ring: UnsafeMutablePointer<Float>
    private let rawRow: UnsafeMutablePointer<Double>
    private let rawPower: UnsafeMutablePointer<Float>
    private let smoothed: UnsafeMutablePointer<Float>
    private let slopeScratch: UnsafeMutablePointer<Float>
    private let slopeBracketScratch: UnsafeMutablePointer<Float>
    private let peakWindow: UnsafeMutablePointer<Double>
    /// The detrended row c²[k]·10^(step·k) and its selection scratch (single precision; see
    /// ``singlePrecisionIntercept(of:step:)``).
    private let interceptValues: UnsafeMutablePointer<Float>
    private let interceptBracketScratch: UnsafeMutablePointer<Float>
    private let scratch: UnsafeMutablePointer<Double>
    private let bracketScratch: UnsafeMutablePointer<Double>
    private let windowValues: UnsafeMutablePointer<Double>
    /// The log-power spectrum of one frame, single precision.
    private let logPower: UnsafeMutablePointer<Float>
    /// The peak search window (plus one bin each side) in dB, filled only where needed.
    private let peakDecibels: UnsafeMutablePointer<Double>
    /// Bins of the peak window that may be local maxima, and the linear values (then dB) of
    /// the bins the peak test reads, with their bin numbers.
    private let peakCandidates: UnsafeMutablePointer<Int>
    private let peakValues: UnsafeMutablePointer<Double>
    private let peakBins: UnsafeMutablePointer<Int>
    private let timeKernelValues: UnsafeMutablePointer<Float>
    private let quefrencyKernelValues: UnsafeMutablePointer<Float>
    /// Values in a smoothed c² row (513: 0 … 51.2 ms at 10 kHz).
    var rowCount: Int { quefrencyCount }
    /// Whether the quefrency kernel's taps other than the two ends are all equal (a box with
    /// half-weight ends), and the sums of three neighbouring raw bins that then make its box.
    private let quefrencyKernelIsBox: Bool
    private let tripleSums: UnsafeMutablePointer<Float>
    /// Where the previous frame's medians were: neighbouring frames overlap by 98 %, so the
    /// next median is almost always close and a bracketed selection finds it in one pass.
    private var slopeBracket = SelectionBracket<Float>()
    private var singleInterceptBracket = SelectionBracket<Float>()
    private var interceptBracket = SelectionBracket<Double>()

    init() throws(DSPError) {
        let rate = Double(CPPSAnalyzer.sampleRate)
        windowLength = Int((CPPSAnalyzer.windowDuration * rate).rounded())
        var size = 2
        while size < windowLength { size *= 2 }
        plan = try FFTPlan.shared(size: size)
        buffer = try FFTBuffer(size: size)
        cosineTransform = try CosineTransform(size: size / 2)
        quefrencyCount = size / 2 + 1
        quefrencyStep = 1 / rate
        let middle = 0.5 * Double(windowLength + 1)
        let edge = exp(-12.0)
        let denominator = Double(windowLength + 1) * Double(windowLength + 1)
        let window = (1...windowLength).map { i in
            let d = Double(i) - middle
            return (exp(-48 * d * d / denominator) - edge) / (1 - edge)
        }
        timeKernel = CPPSAnalyzer.interpolatedBoxKernel(width: 0.01 / CPPSAnalyzer.timeStep)
        // normalised so interior bins need no division (edges renormalise anyway)
        let qKernel = CPPSAnalyzer.interpolatedBoxKernel(width: 0.001 * rate)
        let qTotal = qKernel.reduce(0, +)
        let normalised = qKernel.map { $0 / qTotal }
        quefrencyKernel = normalised
        quefrencyKernelIsBox = normalised.count > 2 && normalised.dropFirst().dropLast().allSatisfy { $0 == normalised[1] }
        peakLow = Int((1.0 / 330 / quefrencyStep - 1e-9).rounded(.up))
        peakHigh = Int((1.0 / 60 / quefrencyStep + 1e-9).rounded(.down))
        // Double or single precision by the buffer it fills.
        func zeroed<Value: BinaryFloatingPoint>(_ count: Int) -> UnsafeMutablePointer<Value> {
            let p = UnsafeMutablePointer<Value>.allocate(capacity: count)
            p.initialize(repeating: 0, count: count)
            return p
        }
        ring = zeroed(timeKernel.count * quefrencyCount)
        rawRow = zeroed(quefrencyCount)
        rawPower = zeroed(quefrencyCount)
        smoothed = zeroed(quefrencyCount)
        slopeScratch = zeroed(quefrencyCount)
        slopeBracketScratch = zeroed(3 * quefrencyCount)
        peakWindow = zeroed(quefrencyCount)
        interceptValues = zeroed(quefrencyCount)
        interceptBracketScratch = zeroed(3 * quefrencyCount)
        tripleSums = zeroed(quefrencyCount)
        scratch = zeroed(quefrencyCount)
        bracketScratch = zeroed(3 * quefrencyCount)
        peakDecibels = zeroed(quefrencyCount)
        peakCandidates = .allocate(capacity: quefrencyCount)
        peakValues = zeroed(quefrencyCount + 2)
        peakBins = .allocate(capacity: quefrencyCount + 2)
        windowValues = .allocate(capacity: windowLength)
        logPower = zeroed(quefrencyCount)
        windowValues.initialize(from: window, count: windowLength)
        timeKernelValues = .allocate(capacity: timeKernel.count)
        timeKernelValues.initialize(from: timeKernel.map { Float($0) }, count: timeKernel.count)
        quefrencyKernelValues = .allocate(capacity: quefrencyKernel.count)
        quefrencyKernelValues.initialize(from: quefrencyKernel.map { Float($0) }, count: quefrencyKernel.count)
    }

    deinit {
        ring.deallocate()
        rawRow.deallocate()
        rawPower.deallocate()
        slopeScratch.deallocate()
        slopeBracketScratch.deallocate()
        peakWindow.deallocate()
        interceptValues.deallocate()
        interceptBracketScratch.deallocate()
        smoothed.deallocate()
        tripleSums.deallocate()
        scratch.deallocate()
        bracketScratch.deallocate()
        windowValues.deallocate()
        logPower.deallocate()
        peakDecibels.deallocate()
        peakCandidates.deallocate()
        peakValues.deallocate()
        peakBins.deallocate()
        timeKernelValues.deallocate()
        quefrencyKernelValues.deallocate()
    }

    /// The 2 ms frame grid of a signal: `count` frames centred at `first + k·timeStep` seconds.
    struct Grid: Equatable {
        let count: Int
        let first: Double

        /// Centre of frame `k`, seconds.
        @inline(__always)
        func time(_ k: Int) -> Double { first + Double(k) * CPPSAnalyzer.timeStep }
    }

    /// The frame grid for a signal of `sampleCount` samples at `inputRate` (the original,
    /// pre-resampling signal: Praat's grid depends on the file duration); `count` is 0 when the
    /// signal is shorter than one window.
    static func grid(sampleCount: Int, inputRate: Int) -> Grid {
        let duration = Double(sampleCount) / Double(inputRate)
        guard duration >= windowDuration else { return Grid(count: 0, first: 0) }
        let count = Int(((duration - windowDuration) / timeStep + 1e-9).rounded(.down)) + 1
        let first = 0.5 / Double(inputRate)
            + 0.5 * (Double(sampleCount - 1) / Double(inputRate) - Double(count - 1) * timeStep)
        return Grid(count: count, first: first)
    }

    /// Frame centre times (seconds) for a signal of `sampleCount` samples at `inputRate`.
    static func frameTimes(sampleCount: Int, inputRate: Int) -> [Double] {
        let grid = grid(sampleCount: sampleCount, inputRate: inputRate)
        return (0..<grid.count).map { grid.time($0) }
    }

    /// CPP (dB) of every frame at `times` for the 10 kHz signal `signal`.
    func process(signal input: [Double], times: [Double]) -> [Double] {
        guard !times.isEmpty else { return [] }
        let signal = CPPSAnalyzer.preEmphasised(input)
        var out = [Double](repeating: 0, count: times.count)
        signal.withUnsafeBufferPointer { x in
            out.withUnsafeMutableBufferPointer { values in
                process(emphasised: x, times: times, frames: 0..<times.count, into: values.baseAddress!)
            }
        }
        return out
    }

    /// Praat's pre-emphasis from 50 Hz, y[n] = x[n] − a·x[n − 1] with a = e^(−2π·50/10000).
    /// On a block of a longer signal every value but the first is the whole signal's (the first
    /// lacks its x[n − 1] unless the block starts the signal).
    static func preEmphasised(_ input: [Double]) -> [Double] {
        var signal = input
        let a = exp(-2 * Double.pi * 50 / Double(CPPSAnalyzer.sampleRate))
        if signal.count > 1 {
            for n in stride(from: signal.count - 1, through: 1, by: -1) {
                signal[n] -= a * signal[n - 1]
            }
        }
        return signal
    }

    /// The samples of the 10 kHz signal that frames `frames` of `grid` depend on — their windows
    /// and those of the neighbours the time smoothing takes in, and the sample before for the
    /// pre-emphasis — before clipping to the signal.
    func signalRange(frames: Range<Int>, grid: Grid) -> Range<Int> {
        let half = timeKernel.count / 2
        let first = max(0, frames.lowerBound - half)
        let last = min(grid.count, frames.upperBound + half) - 1
        return (windowStart(time: grid.time(first)) - 1)..<(windowStart(time: grid.time(last)) + windowLength)
    }

    /// CPP (dB) of frames `range` of `times` (the whole grid) for the pre-emphasised 10 kHz
    /// signal `x`, written to `out[0..<range.count]`.
    func process(emphasised x: UnsafeBufferPointer<Double>, times: [Double], frames range: Range<Int>,
                 into out: UnsafeMutablePointer<Double>) {
        process(emphasised: x, start: 0, signalCount: x.count, frameCount: times.count, time: { times[$0] },
                frames: range, into: out)
    }

    /// CPP (dB) of frames `range` of a grid of `frameCount` frames centred at `time(k)`, written
    /// to `out[0..<range.count]`; `x` holds samples `start ..< start + x.count` of the
    /// pre-emphasised 10 kHz signal of `signalCount` samples — at least what
    /// ``signalRange(frames:grid:)`` names, within the signal.
    ///
    /// Frame `f` depends only on the cepstra of frames `f − half … f + half` (within the grid),
    /// and each cepstrum only on the signal and its time, so any range, from any block, gives the
    /// values the whole grid gives, bit for bit: the ring is filled from `range.lowerBound − half`
    /// on, and whether a window runs off the signal is decided on `signalCount`. (The median
    /// brackets only choose how fast the exact order statistic is found.) That is what lets
    /// ``BlockWork`` split the grid over threads, and the analyzer over blocks, in any way.
    ///
    /// Smoothing is linear and separable with per-frame (time) and per-bin (quefrency) edge
    /// renormalisation, so quefrency-then-time equals Praat's time-then-quefrency; smoothing
    /// each new row in quefrency once, when it is made, saves redoing it for five frames.
    func process(emphasised x: UnsafeBufferPointer<Double>, start base: Int, signalCount: Int, frameCount frames: Int,
                 time: (Int) -> Double, frames range: Range<Int>, into out: UnsafeMutablePointer<Double>) {
        guard !range.isEmpty else { return }
        slopeBracket = SelectionBracket<Float>()
        singleInterceptBracket = SelectionBracket<Float>()
        interceptBracket = SelectionBracket<Double>()
        let half = timeKernel.count / 2
        var produced = range.lowerBound
        for f in max(0, range.lowerBound - half)..<min(frames, range.upperBound + half) {
            cepstrum(signal: x, start: base, count: signalCount, time: time(f))
            smoothQuefrency(into: ring + (f % timeKernel.count) * quefrencyCount)
            // frame f completes the time neighbourhood of frame f − half
            while produced <= f - half && produced < range.upperBound {
                out[produced - range.lowerBound] = smoothedPeakProminence(frame: produced, frames: frames)
                produced += 1
            }
        }
        while produced < range.upperBound {
            out[produced - range.lowerBound] = smoothedPeakProminence(frame: produced, frames: frames)
            produced += 1
        }
    }

    /// First sample of the window of the frame centred at `time`, in the 10 kHz signal.
    private func windowStart(time: Double) -> Int {
        Int(((time - CPPSAnalyzer.windowDuration / 2) * Double(CPPSAnalyzer.sampleRate)).rounded(.toNearestOrEven))
    }

    /// Power cepstrum c² of the frame centred at `time`, written to `rawPower` (single precision;
    /// the cepstrum itself, in `rawRow`, is double).
    /// `x` holds samples `base ..< base + x.count` of a (pre-emphasised) signal of `count` samples.
    ///
    /// The logarithm of the power spectrum is taken in single precision: twice the values per
    /// SIMD register, and the costliest step after the transforms. Its relative error (≈ 1e-7
    /// of |ln P| < 700) puts about 1e-5 absolute on a cepstral coefficient, which the 55-value
    /// smoothing averages further; the per-frame and per-file changes against the all-double
    /// path, and the agreement with Praat before and after, are in the issue 13 notes. Both
    /// transforms stay double: single-precision FFTW is no faster at this size under
    /// `FFTW_ESTIMATE`, and it would cost the quiet bins of the spectrum their digits.
    private func cepstrum(signal x: UnsafeBufferPointer<Double>, start base: Int, count: Int, time: Double) {
        let start = windowStart(time: time)
        let real = buffer.realPointer
        let w = windowValues
        let length = windowLength
        let inside = start >= 0 && start + length <= count
        if !inside {
            // frame runs off the signal: copy with zeros outside, then window in place
            for i in 0..<length {
                let k = start + i
                real[i] = (k >= 0 && k < count) ? x[k - base] : 0
            }
        }
        let source = inside ? x.baseAddress! + (start - base) : UnsafePointer(real)
        // sixteen partial sums (four vectors of four) in a fixed order: a single running sum is
        // a 1000-add dependency chain that costs more than the FFT, and four sums still waited
        // on their own adds 250 times a frame
        let raw = UnsafeRawPointer(source)
        let stride = MemoryLayout<Double>.stride
        var v0 = SIMD4<Double>(), v1 = SIMD4<Double>(), v2 = SIMD4<Double>(), v3 = SIMD4<Double>()
        var i = 0
        while i + 16 <= length {
            v0 += raw.loadUnaligned(fromByteOffset: i * stride, as: SIMD4<Double>.self)
            v1 += raw.loadUnaligned(fromByteOffset: (i + 4) * stride, as: SIMD4<Double>.self)
            v2 += raw.loadUnaligned(fromByteOffset: (i + 8) * stride, as: SIMD4<Double>.self)
            v3 += raw.loadUnaligned(fromByteOffset: (i + 12) * stride, as: SIMD4<Double>.self)
            i += 16
        }
        let lanes = (v0 + v1) + (v2 + v3)
        var sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3])
        while i < length {
            sum += source[i]
            i += 1
        }
        let mean = sum / Double(length)
        for i in 0..<length { real[i] = (source[i] - mean) * w[i] }
        for i in length..<plan.size { real[i] = 0 }
        plan.forward(buffer)
        let spectrum = buffer.spectrum.baseAddress!
        let bins = quefrencyCount
        let logs = logPower
        // the floor keeps an all-zero (digitally silent) frame's logarithm finite (a float's
        // smallest normal is 1.2e-38); with a constant log spectrum it moves only c[0]
        for b in 0..<bins {
            let re = spectrum[2 * b], im = spectrum[2 * b + 1]
            logs[b] = Float(re * re + im * im + 1e-30)
        }
        FastLogarithm.naturalLogInPlace(logs, count: bins)
        // c = IFFT(ln P) over the 1024-point even extension, as a DCT-I of the 513 values
        let cepstrum = rawRow
        cosineTransform.transform(logs, into: cepstrum)
        let scale = 1 / Double(plan.size)
        let power = rawPower
        for k in 0..<bins {
            let c = cepstrum[k] * scale
            power[k] = Float(c * c)
        }
    }

    /// Quefrency-smooth `rawPower` into `row`: interior bins see the whole normalised kernel
    /// (one vectorisable multiply-add pass per tap), the edge bins renormalise.
    private func smoothQuefrency(into row: UnsafeMutablePointer<Float>) {
        let n = quefrencyCount
        let kernel = quefrencyKernelValues
        let width = quefrencyKernel.count
        let qHalf = width / 2
        let source = rawPower
        let interior = n - 2 * qHalf
        let out = row + qHalf
        if width == 11 && quefrencyKernelIsBox {
            // The 1 ms kernel at 10 kHz: [½, 1 × 9, ½]/10. Its nine equal taps are three sums of
            // three neighbours, each made once per row: 8 operations a bin instead of 16. All
            // terms are positive, so the regrouping moves only the last bits.
            let ends = kernel[0], middle = kernel[1]
            let triples = tripleSums
            for i in 0..<(n - 2) { triples[i] = (source[i] + source[i + 1]) + source[i + 2] }
            for k in 0..<interior {
                let nine = (triples[k + 1] + triples[k + 4]) + triples[k + 7]
                out[k] = middle * nine + ends * (source[k] + source[k + 10])
            }
        } else {
            let first = kernel[0]
            for k in 0..<interior { out[k] = first * source[k] }
            for j in 1..<width {
                let weight = kernel[j]
                let shifted = source + j
                for k in 0..<interior { out[k] += weight * shifted[k] }
            }
        }
        func edge(_ k: Int) {
            var sum: Float = 0
            var weights: Float = 0
            // the taps that fall inside the row, in order
            for j in max(0, qHalf - k)..<min(width, n + qHalf - k) {
                sum += kernel[j] * source[k + j - qHalf]
                weights += kernel[j]
            }
            row[k] = sum / weights
        }
        for k in 0..<qHalf { edge(k) }
        for k in (n - qHalf)..<n { edge(k) }
    }

    /// Time-smooth the ring rows around `frame` into `smoothed` and return its peak
    /// prominence in dB.
    private func smoothedPeakProminence(frame: Int, frames: Int) -> Double {
        let half = timeKernel.count / 2
        let rows = timeKernel.count
        let n = quefrencyCount
        var weightSum: Float = 0
        for j in 0..<rows {
            let source = frame + j - half
            if source >= 0 && source < frames { weightSum += timeKernelValues[j] }
        }
        let inverseWeight = 1 / weightSum
        let out = smoothed
        if rows == 7 && frame >= half && frame + half < frames {
            // the 10 ms kernel at 2 ms steps, whole neighbourhood present: one fused pass
            let w = timeKernelValues
            let w0 = w[0] * inverseWeight, w1 = w[1] * inverseWeight, w2 = w[2] * inverseWeight
            let w3 = w[3] * inverseWeight
            // one remainder for the seven rows (an integer division each cost tens of cycles)
            let first = (frame - half) % rows
            func row(_ j: Int) -> UnsafeMutablePointer<Float> { ring + (first + j < rows ? first + j : first + j - rows) * n }
            let r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3), r4 = row(4), r5 = row(5), r6 = row(6)
            for k in 0..<n {
                let outer = w0 * (r0[k] + r6[k]) + w1 * (r1[k] + r5[k])
                out[k] = (outer + w2 * (r2[k] + r4[k])) + (w3 * r3[k] + 1e-30)
            }
            return peakProminence()
        }
        var started = false
        for j in 0..<rows {
            let source = frame + j - half
            guard source >= 0, source < frames else { continue }
            let w = timeKernelValues[j] * inverseWeight
            let row = ring + (source % rows) * n
            if started {
                for k in 0..<n { out[k] += w * row[k] }
            } else {
                for k in 0..<n { out[k] = w * row[k] }
                started = true
            }
        }
        for k in 0..<n { out[k] += 1e-30 }
        return peakProminence()
    }

    /// Praat's `PowerCepstrum_getPeakProminence` (Parabolic, Straight, Robust) on `smoothed`
    /// (linear c² + 1e-30, single precision). Medians of dB values are taken on the linear values, which is the
    /// same order statistic because the logarithm is monotonic; this saves ~370 logs a frame.
    private func peakProminence() -> Double {
        let n = quefrencyCount
        let dq = quefrencyStep
        // Theil's incomplete method: pairs (i, n2 + i), slope = median of the pair slopes
        let pairs = n / 2
        let n2 = n % 2 == 1 ? pairs + 1 : pairs
        let smoothed = self.smoothed
        let ratios = slopeScratch
        // a pointer to the upper half, not `smoothed[n2 + i]`: the index sum's overflow check
        // kept this loop of divisions scalar
        let upperHalf = smoothed + n2
        for i in 0..<pairs { ratios[i] = upperHalf[i] / smoothed[i] }
        let slopeMiddle = slopeBracket.middlePair(of: ratios, count: pairs, scratch: slopeBracketScratch)
        let slope = 5 * log10(Double(slopeMiddle.low) * Double(slopeMiddle.high)) / (Double(n2) * dq)
        // intercept = median(y − m·x) = 10·log10(median(c² · 10^(−m·x/10)))
        let step = -slope * dq / 10
        let intercept = abs(step) * Double(n - 1) <= CPPSAnalyzer.singlePrecisionTrendDecades
            ? singlePrecisionIntercept(of: smoothed, step: step) : doublePrecisionIntercept(of: smoothed, step: step)
        // the peak search reads bins peakLow − 1 … peakHigh + 1, in double precision
        let window = peakWindow
        for k in max(peakLow, 1) - 1...min(peakHigh, n - 2) + 1 { window[k] = Double(smoothed[k]) }
        let peak = CPPSAnalyzer.parabolicPeak(of: UnsafePointer(window), count: n, low: peakLow, high: peakHigh,
                                              candidates: peakCandidates, values: peakValues, bins: peakBins,
                                              decibels: peakDecibels)
        let bestValue = peak.value, bestPosition = peak.position
        let quefrency = min(max(bestPosition * dq, 1.0 / 330), 1.0 / 60)
        return bestValue - (slope * quefrency + intercept)
    }

    /// How far (in decades) the detrending factors 10^(−m·x/10) may range over the cepstrum for
    /// the intercept's median to run in single precision. Every smoothed c² lies in
    /// [1e-30, 7.9e3] (the 1e-30 floor; |c| is at most the largest |ln P| of a float, 88.7), so
    /// with factors within 10^±7 every product is a normal float (> 1.2e-38) and finite. A
    /// steeper trend (rare: a nearly pure tone, a synthetic spectrum) takes the double path.
    static let singlePrecisionTrendDecades = 7.0

    /// The intercept 10·log10(median(c²[k] · 10^(step·k))) of the trend through `row` (a
    /// smoothed c² row of ``quefrencyCount`` positive values), with
    /// the products and their median in single precision: twice the values per SIMD register in
    /// the products, the counting and the copy passes of the selection. The factors come in
    /// blocks of 8 bins, a block's first factor (a double chain of at most 64 multiplications)
    /// rounded to float times the float g^0 … g^7, so each product carries at most four float
    /// roundings, 2.4e-7 relative; the median — an order statistic moves by no more than its
    /// values — is within 1.1e-6 dB of the double computation. The caller checks
    /// `|step|·(n − 1) ≤ singlePrecisionTrendDecades`.
    func singlePrecisionIntercept(of row: UnsafePointer<Float>, step: Double) -> Double {
        let n = quefrencyCount
        let g = pow(10, step)
        var power = 1.0
        var inBlock = SIMD8<Float>()
        for j in 0..<8 {
            inBlock[j] = Float(power)
            power *= g
        }
        let blockStep = power
        let source = UnsafeRawPointer(row)
        let products = UnsafeMutableRawPointer(interceptValues)
        let stride = MemoryLayout<Float>.stride
        var blockFactor = 1.0
        var k = 0
        while k + 8 <= n {
            let values = source.loadUnaligned(fromByteOffset: k * stride, as: SIMD8<Float>.self)
            products.storeBytes(of: values * (Float(blockFactor) * inBlock), toByteOffset: k * stride,
                                as: SIMD8<Float>.self)
            blockFactor *= blockStep
            k += 8
        }
        for j in 0..<(n - k) { interceptValues[k + j] = row[k + j] * (Float(blockFactor) * inBlock[j]) }
        let middle = singleInterceptBracket.middlePair(of: interceptValues, count: n, scratch: interceptBracketScratch)
        return 10 * log10(0.5 * (Double(middle.low) + Double(middle.high)))
    }

    /// The intercept as ``singlePrecisionIntercept(of:step:)`` defines it, in double precision,
    /// for trends too steep for floats.
    func doublePrecisionIntercept(of smoothed: UnsafePointer<Float>, step: Double) -> Double {
        let n = quefrencyCount
        let s = scratch
        if abs(step * Double(n)) < 200 {
            // four interleaved geometric sequences keep the multiply chain short
            let g = pow(10, step)
            let g4 = g * g * g * g
            var f0 = 1.0, f1 = g, f2 = g * g, f3 = g * g * g
            var k = 0
            while k + 4 <= n {
                s[k] = Double(smoothed[k]) * f0
                s[k + 1] = Double(smoothed[k + 1]) * f1
                s[k + 2] = Double(smoothed[k + 2]) * f2
                s[k + 3] = Double(smoothed[k + 3]) * f3
                f0 *= g4
                f1 *= g4
                f2 *= g4
                f3 *= g4
                k += 4
            }
            var f = f0
            while k < n {
                s[k] = Double(smoothed[k]) * f
                f *= g
                k += 1
            }
        } else {
            for k in 0..<n { s[k] = Double(smoothed[k]) * pow(10, step * Double(k)) }
        }
        let interceptMiddle = interceptBracket.middlePair(of: s, count: n, scratch: bracketScratch)
        return 10 * log10(0.5 * (interceptMiddle.low + interceptMiddle.high))
    }

    /// Praat's peak in bins `peakLow...peakHigh` of the smoothed cepstrum `smoothed[0..<n]`
    /// (linear c², all positive): the two window ends raw, every local maximum in dB refined by
    /// a parabola, the largest winning; returns its dB value and fractional bin. The buffers are
    /// working memory of at least `n` (`candidates`, `decibels`) and `n + 2` (`values`, `bins`)
    /// elements.
    static func parabolicPeak(of smoothed: UnsafePointer<Double>, count n: Int, low peakLow: Int, high peakHigh: Int,
                              candidates: UnsafeMutablePointer<Int>, values: UnsafeMutablePointer<Double>,
                              bins: UnsafeMutablePointer<Int>,
                              decibels: UnsafeMutablePointer<Double>) -> (value: Double, position: Double) {
        // The test is on dB values, but only the bins around possible maxima need converting:
        // a linear pre-filter with a 1e-9 relative slack keeps every bin the dB test can accept
        // (FastLogarithm's error is below 1e-12, and scaling by 10/ln 10 keeps order), and the
        // surviving bins are tested in the same order on the same dB values, so the result is
        // the one converting every bin gives, bit for bit, with about a third of the logarithms.
        let first = max(peakLow, 1) - 1
        let last = min(peakHigh, n - 2) + 1
        let slack = 1 - 1e-9
        var candidateCount = 0
        // current ≥ each scaled neighbour, four bins at a time; each bin's index is written and
        // the count moves on only for a candidate, so the loop has no mispredicted branches
        let raw = UnsafeRawPointer(smoothed)
        let stride = MemoryLayout<Double>.stride
        let slacks = SIMD4<Double>(repeating: slack)
        var i = first + 1
        while i + 4 <= last {
            let current = raw.loadUnaligned(fromByteOffset: i * stride, as: SIMD4<Double>.self)
            let left = raw.loadUnaligned(fromByteOffset: (i - 1) * stride, as: SIMD4<Double>.self) * slacks
            let right = raw.loadUnaligned(fromByteOffset: (i + 1) * stride, as: SIMD4<Double>.self) * slacks
            let kept = SIMD4<Int64>(repeating: 0).replacing(with: 1, where: (current .>= left) .& (current .>= right))
            for lane in 0..<4 {
                candidates[candidateCount] = i + lane
                candidateCount &+= Int(kept[lane])
            }
            i += 4
        }
        while i <= last - 1 {
            candidates[candidateCount] = i
            candidateCount &+= smoothed[i] >= smoothed[i - 1] * slack && smoothed[i] >= smoothed[i + 1] * slack ? 1 : 0
            i += 1
        }
        // the two ends and each candidate with its neighbours (ascending, each bin once), in
        // one vectorised logarithm pass
        var gathered = 0
        func gather(_ k: Int) {
            values[gathered] = smoothed[k]
            bins[gathered] = k
            gathered += 1
        }
        gather(peakLow)
        gather(peakHigh)
        var covered = first - 1  // highest bin gathered for a candidate so far
        for c in 0..<candidateCount {
            let i = candidates[c]
            for k in max(i - 1, covered + 1)...(i + 1) { gather(k) }
            covered = i + 1
        }
        FastLogarithm.naturalLogInPlace(values, count: gathered)
        let toDecibels = 10 / M_LN10
        for j in 0..<gathered { decibels[bins[j] - first] = values[j] * toDecibels }
        func dB(_ k: Int) -> Double { decibels[k - first] }
        var bestValue = dB(peakLow)
        var bestPosition = Double(peakLow)
        let highValue = dB(peakHigh)
        if highValue > bestValue {
            bestValue = highValue
            bestPosition = Double(peakHigh)
        }
        for c in 0..<candidateCount {
            let i = candidates[c]
            let previousDB = dB(i - 1), currentDB = dB(i), nextDB = dB(i + 1)
            guard currentDB > previousDB && currentDB >= nextDB else { continue }
            let dy = 0.5 * (nextDB - previousDB)
            let d2y = 2 * currentDB - previousDB - nextDB
            let value = currentDB + 0.5 * dy * dy / d2y
            if value > bestValue {
                bestValue = value
                bestPosition = Double(i) + dy / d2y
            }
        }
        return (bestValue, bestPosition)
    }

    /// Weights of "the mean of the linearly interpolated sequence over ±width/2" as a
    /// convolution kernel (width 5 → [1/8, 7/8, 1, 1, 1, 7/8, 1/8]/5).
    static func interpolatedBoxKernel(width: Double) -> [Double] {
        guard width > 1 else { return [1] }
        let half = width / 2
        let reach = Int(half.rounded(.up))
        func triangleCDF(_ x: Double) -> Double {
            let c = min(1, max(-1, x))
            return c <= 0 ? 0.5 * (c + 1) * (c + 1) : 1 - 0.5 * (1 - c) * (1 - c)
        }
        return (-reach...reach).map { k in
            triangleCDF(half - Double(k)) - triangleCDF(-half - Double(k))
        }
    }
}
