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
/// Log-spectrum and cepstrum are double precision (c² spans more than 100 dB).
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
    private let timeKernel: [Double]
    private let quefrencyKernel: [Double]
    private let peakLow: Int
    private let peakHigh: Int
    private let quefrencyStep: Double
    /// Working memory, allocated once (raw pointers keep the per-frame loops free of
    /// exclusivity checks and copy-on-write tests): `timeKernel.count` rows of c² (a ring over
    /// frames), the time-smoothed row, the fully smoothed row and a selection scratch row.
    private let ring: UnsafeMutablePointer<Double>
    private let timeSmoothed: UnsafeMutablePointer<Double>
    private let smoothed: UnsafeMutablePointer<Double>
    private let scratch: UnsafeMutablePointer<Double>
    private let windowValues: UnsafeMutablePointer<Double>

    init() throws(DSPError) {
        let rate = Double(CPPSAnalyzer.sampleRate)
        windowLength = Int((CPPSAnalyzer.windowDuration * rate).rounded())
        var size = 2
        while size < windowLength { size *= 2 }
        plan = try FFTPlan.shared(size: size)
        buffer = try FFTBuffer(size: size)
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
        quefrencyKernel = qKernel.map { $0 / qTotal }
        peakLow = Int((1.0 / 330 / quefrencyStep - 1e-9).rounded(.up))
        peakHigh = Int((1.0 / 60 / quefrencyStep + 1e-9).rounded(.down))
        ring = .allocate(capacity: timeKernel.count * quefrencyCount)
        ring.initialize(repeating: 0, count: timeKernel.count * quefrencyCount)
        timeSmoothed = .allocate(capacity: quefrencyCount)
        timeSmoothed.initialize(repeating: 0, count: quefrencyCount)
        smoothed = .allocate(capacity: quefrencyCount)
        smoothed.initialize(repeating: 0, count: quefrencyCount)
        scratch = .allocate(capacity: quefrencyCount)
        scratch.initialize(repeating: 0, count: quefrencyCount)
        windowValues = .allocate(capacity: windowLength)
        windowValues.initialize(from: window, count: windowLength)
    }

    deinit {
        ring.deallocate()
        timeSmoothed.deallocate()
        smoothed.deallocate()
        scratch.deallocate()
        windowValues.deallocate()
    }

    /// Frame centre times (seconds) for a signal of `sampleCount` samples at `inputRate`
    /// (the original, pre-resampling signal: Praat's grid depends on the file duration).
    static func frameTimes(sampleCount: Int, inputRate: Int) -> [Double] {
        let duration = Double(sampleCount) / Double(inputRate)
        guard duration >= windowDuration else { return [] }
        let count = Int(((duration - windowDuration) / timeStep + 1e-9).rounded(.down)) + 1
        let first = 0.5 / Double(inputRate)
            + 0.5 * (Double(sampleCount - 1) / Double(inputRate) - Double(count - 1) * timeStep)
        return (0..<count).map { first + Double($0) * timeStep }
    }

    /// CPP (dB) of every frame at `times` for the 10 kHz signal `signal`.
    func process(signal input: [Double], times: [Double]) -> [Double] {
        guard !times.isEmpty else { return [] }
        var signal = input
        let a = exp(-2 * Double.pi * 50 / Double(CPPSAnalyzer.sampleRate))
        if signal.count > 1 {
            for n in stride(from: signal.count - 1, through: 1, by: -1) {
                signal[n] -= a * signal[n - 1]
            }
        }
        let frames = times.count
        let half = timeKernel.count / 2
        var out = [Double](repeating: 0, count: frames)
        var produced = 0
        signal.withUnsafeBufferPointer { x in
            for f in 0..<frames {
                cepstrum(signal: x, time: times[f], into: ring + (f % timeKernel.count) * quefrencyCount)
                // frame f completes the time neighbourhood of frame f − half
                while produced <= f - half {
                    out[produced] = smoothedPeakProminence(frame: produced, frames: frames)
                    produced += 1
                }
            }
        }
        while produced < frames {
            out[produced] = smoothedPeakProminence(frame: produced, frames: frames)
            produced += 1
        }
        return out
    }

    /// Power cepstrum c² of the frame centred at `time`, written to `row`.
    private func cepstrum(signal x: UnsafeBufferPointer<Double>, time: Double, into row: UnsafeMutablePointer<Double>) {
        let rate = Double(CPPSAnalyzer.sampleRate)
        let start = Int(((time - CPPSAnalyzer.windowDuration / 2) * rate).rounded(.toNearestOrEven))
        let real = buffer.realPointer
        let w = windowValues
        let length = windowLength
        var mean = 0.0
        if start >= 0 && start + length <= x.count {
            let source = x.baseAddress! + start
            for i in 0..<length {
                real[i] = source[i]
                mean += source[i]
            }
        } else {
            for i in 0..<length {
                let k = start + i
                let v = (k >= 0 && k < x.count) ? x[k] : 0
                real[i] = v
                mean += v
            }
        }
        mean /= Double(length)
        for i in 0..<length { real[i] = (real[i] - mean) * w[i] }
        for i in length..<plan.size { real[i] = 0 }
        plan.forward(buffer)
        let spectrum = buffer.spectrum.baseAddress!
        let bins = quefrencyCount
        for b in 0..<bins {
            let re = spectrum[2 * b], im = spectrum[2 * b + 1]
            spectrum[2 * b] = log(re * re + im * im + 1e-300)
            spectrum[2 * b + 1] = 0
        }
        plan.inverse(buffer)
        let scale = 1 / Double(plan.size)
        for k in 0..<bins {
            let c = real[k] * scale
            row[k] = c * c
        }
    }

    /// Time- then quefrency-smooth frame `frame` and return its peak prominence in dB.
    private func smoothedPeakProminence(frame: Int, frames: Int) -> Double {
        let half = timeKernel.count / 2
        let rows = timeKernel.count
        let n = quefrencyCount
        let acc = timeSmoothed
        var weightSum = 0.0
        for k in 0..<n { acc[k] = 0 }
        for j in 0..<rows {
            let source = frame + j - half
            guard source >= 0, source < frames else { continue }
            let w = timeKernel[j]
            weightSum += w
            let row = ring + (source % rows) * n
            for k in 0..<n { acc[k] += w * row[k] }
        }
        let inverseWeight = 1 / weightSum
        for k in 0..<n { acc[k] *= inverseWeight }
        quefrencyKernel.withUnsafeBufferPointer { kernel in
            let width = kernel.count
            let qHalf = width / 2
            let out = smoothed
            // interior bins see the whole (normalised) kernel; edges renormalise
            for k in qHalf..<(n - qHalf) {
                var sum = 0.0
                let base = acc + (k - qHalf)
                for j in 0..<width { sum += kernel[j] * base[j] }
                out[k] = sum + 1e-30
            }
            func edge(_ k: Int) {
                var sum = 0.0
                var weights = 0.0
                for j in 0..<width {
                    let source = k + j - qHalf
                    guard source >= 0, source < n else { continue }
                    sum += kernel[j] * acc[source]
                    weights += kernel[j]
                }
                out[k] = sum / weights + 1e-30
            }
            for k in 0..<qHalf { edge(k) }
            for k in (n - qHalf)..<n { edge(k) }
        }
        return peakProminence()
    }

    /// Praat's `PowerCepstrum_getPeakProminence` (Parabolic, Straight, Robust) on `smoothed`
    /// (linear c² + 1e-30). Medians of dB values are taken on the linear values, which is the
    /// same order statistic because the logarithm is monotonic; this saves ~370 logs a frame.
    private func peakProminence() -> Double {
        let n = quefrencyCount
        let dq = quefrencyStep
        // Theil's incomplete method: pairs (i, n2 + i), slope = median of the pair slopes
        let pairs = n / 2
        let n2 = n % 2 == 1 ? pairs + 1 : pairs
        let smoothed = self.smoothed
        let slope: Double = {
            let base = scratch
            for i in 0..<pairs { base[i] = smoothed[n2 + i] / smoothed[i] }
            let lowMiddle: Double
            let highMiddle: Double
            if pairs % 2 == 0 {
                lowMiddle = Statistics.select(base, count: pairs, k: pairs / 2 - 1)
                highMiddle = Statistics.minimum(base, from: pairs / 2, count: pairs)
            } else {
                lowMiddle = Statistics.select(base, count: pairs, k: pairs / 2)
                highMiddle = lowMiddle
            }
            return 0.5 * (10 * log10(lowMiddle) + 10 * log10(highMiddle)) / (Double(n2) * dq)
        }()
        // intercept = median(y − m·x) = 10·log10(median(c² · 10^(−m·x/10)))
        let intercept: Double = {
            let s = scratch
            let step = -slope * dq / 10
            if abs(step * Double(n)) < 200 {
                let g = pow(10, step)
                var factor = 1.0
                for k in 0..<n {
                    s[k] = smoothed[k] * factor
                    factor *= g
                }
            } else {
                for k in 0..<n { s[k] = smoothed[k] * pow(10, step * Double(k)) }
            }
            let lowMiddle = Statistics.select(s, count: n, k: (n - 1) / 2)
            let value = n % 2 == 1 ? lowMiddle
                : 0.5 * (lowMiddle + Statistics.minimum(s, from: n / 2, count: n))
            return 10 * log10(value)
        }()
        // peak: both window ends raw, every local maximum refined by a parabola; largest wins
        func dB(_ k: Int) -> Double { 10 * log10(smoothed[k]) }
        var bestValue = dB(peakLow)
        var bestPosition = Double(peakLow)
        let highValue = dB(peakHigh)
        if highValue > bestValue {
            bestValue = highValue
            bestPosition = Double(peakHigh)
        }
        var previous = dB(max(peakLow, 1) - 1)
        var current = dB(max(peakLow, 1))
        for i in max(peakLow, 1)...min(peakHigh, n - 2) {
            let next = dB(i + 1)
            if current > previous && current >= next {
                let dy = 0.5 * (next - previous)
                let d2y = 2 * current - previous - next
                let value = current + 0.5 * dy * dy / d2y
                if value > bestValue {
                    bestValue = value
                    bestPosition = Double(i) + dy / d2y
                }
            }
            previous = current
            current = next
        }
        let quefrency = min(max(bestPosition * dq, 1.0 / 330), 1.0 / 60)
        return bestValue - (slope * quefrency + intercept)
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
