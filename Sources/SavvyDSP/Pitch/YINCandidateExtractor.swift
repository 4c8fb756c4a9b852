/// YIN period candidates per frame (de Cheveigné & Kawahara 2002, JASA 111(4):1917–1930,
/// steps 2–5), computed with FFTW.
///
/// Frame `i` is centred at sample `i·hop + window/2` (the ``FrameTracks`` grid); its analysis
/// block of `window + τmax` samples is centred there too and zero-padded at the file edges.
/// - Difference function (eq. 7) in FFT form: d(τ) = r(0) + e(τ) − 2 r(τ), where r is the
///   cross-correlation of the first `window` samples with the whole block (one r2c of each,
///   one c2r) and e(τ) the energy of the lagged window (running sums).
/// - Cumulative mean normalised difference (eq. 8): d′(0) = 1, d′(τ) = d(τ)·τ / Σ₁^τ d(j).
/// - Every local minimum of d′ in [⌊sr/ceiling⌋, ⌈sr/floor⌉] becomes a candidate; its period
///   is refined by parabolic interpolation on d (not d′, which is biased).
/// Instead of YIN's absolute threshold, the ``PitchPathTracker`` chooses among the candidates
/// across frames. The extractor allocates its buffers once; ``candidates(frame:in:)`` allocates
/// only the small result array. It reads the signal through a ``SignalBlock``, so a long
/// recording is analysed block by block with the same result as in one piece.
final class YINCandidateExtractor {
    let sampleRate: Int
    let hop: Int
    let window: Int
    let minLag: Int
    let maxLag: Int
    let maxCandidates: Int

    /// Samples one frame reads: `window + maxLag`, centred on the frame.
    let blockLength: Int
    private let plan: FFTPlan
    private let windowBuffer: FFTBuffer
    private let blockBuffer: FFTBuffer
    /// Per-frame working rows, allocated once; raw pointers because class-owned `var` arrays
    /// pay an exclusivity check and a uniqueness test on every element write.
    private let energyPrefix: UnsafeMutablePointer<Double>
    private let difference: UnsafeMutablePointer<Double>
    private let normalized: UnsafeMutablePointer<Double>

    init(sampleRate: Int, hop: Int, window: Int, floorHz: Double,
         ceilingHz: Double, maxCandidates: Int) throws(DSPError) {
        self.sampleRate = sampleRate
        self.hop = hop
        self.window = window
        self.maxCandidates = maxCandidates
        minLag = max(2, Int((Double(sampleRate) / ceilingHz).rounded(.down)))
        maxLag = Int((Double(sampleRate) / floorHz).rounded(.up))
        blockLength = window + maxLag
        let size = YINCandidateExtractor.transformSize(atLeast: blockLength)
        plan = try FFTPlan.shared(size: size)
        windowBuffer = try FFTBuffer(size: size)
        blockBuffer = try FFTBuffer(size: size)
        energyPrefix = .allocate(capacity: blockLength + 1)
        energyPrefix.initialize(repeating: 0, count: blockLength + 1)
        difference = .allocate(capacity: maxLag + 2)
        difference.initialize(repeating: 0, count: maxLag + 2)
        normalized = .allocate(capacity: maxLag + 2)
        normalized.initialize(repeating: 1, count: maxLag + 2)
    }

    deinit {
        energyPrefix.deallocate()
        difference.deallocate()
        normalized.deallocate()
    }

    /// The FFT length for a block of `count` samples: the smallest 2^a, 3·2^a or 5·2^a that holds
    /// it (sizes FFTW transforms fast; 640 for the default 400-sample window and 75 Hz floor,
    /// where the next power of two, 1024, took about 35 % longer per transform).
    ///
    /// The block needs no more: the correlation's wrap-around reaches lag τ only from samples
    /// j + τ ≥ size, and the head's j < window with τ ≤ maxLag stays below blockLength.
    static func transformSize(atLeast count: Int) -> Int {
        [1, 3, 5].map { factor in
            var size = 2 * factor
            while size < count { size *= 2 }
            return size
        }.min()!
    }

    /// The signal samples frame `frame` reads (before clipping to the signal): a block must
    /// hold their part inside the signal.
    func sampleRange(frame: Int) -> Range<Int> {
        let start = frame * hop + window / 2 - blockLength / 2
        return start..<(start + blockLength)
    }

    /// Candidates of frame `frame`, best (lowest d′) first, at most `maxCandidates`.
    /// Empty when the block is digital silence. `signal` must hold the frame's
    /// ``sampleRange(frame:)`` within the signal.
    func candidates(frame: Int, in signal: SignalBlock) -> [PitchCandidate] {
        let size = plan.size
        let start = frame * hop + window / 2 - blockLength / 2
        let samples = signal.values
        let count = signal.totalCount
        let base = signal.start
        let block = blockBuffer.realPointer
        let head = windowBuffer.realPointer
        // The block's samples inside the signal are copied as one run and the slots before and
        // after it zeroed (a per-sample test of the edges kept this loop scalar and branchy); the
        // head is the block's first `window` samples.
        let first = min(max(0, -start), size)
        let inside = first..<max(first, min(blockLength, count - start))
        block.update(repeating: 0, count: first)
        samples.withUnsafeBufferPointer { s in
            if !inside.isEmpty {
                (block + first).update(from: s.baseAddress! + (start + first - base), count: inside.count)
            }
        }
        (block + inside.upperBound).update(repeating: 0, count: size - inside.upperBound)
        head.update(from: block, count: window)
        (head + window).update(repeating: 0, count: size - window)
        energyPrefix[0] = 0
        for j in 0..<blockLength {
            energyPrefix[j + 1] = energyPrefix[j] + block[j] * block[j]
        }
        let energy0 = energyPrefix[window]
        guard energy0 > 1e-20 else { return [] }

        plan.forward(windowBuffer)
        plan.forward(blockBuffer)
        // conj(A)·B → cross-correlation r(τ) = Σ_j a_j b_{j+τ}; no wrap-around for τ ≤ maxLag
        let a = windowBuffer.spectrum
        let b = blockBuffer.spectrum
        var bin = 0
        while bin < a.count {
            let ar = a[bin], ai = a[bin + 1], br = b[bin], bi = b[bin + 1]
            a[bin] = ar * br + ai * bi
            a[bin + 1] = ar * bi - ai * br
            bin += 2
        }
        plan.inverse(windowBuffer)
        let scale = 1.0 / Double(size)
        let r = windowBuffer.real

        difference[0] = 0
        normalized[0] = 1
        var running = 0.0
        for tau in 1...maxLag {
            let lagged = energyPrefix[tau + window] - energyPrefix[tau]
            // d is a difference of sums of about `energy0 + lagged`, and the FFT's rounding puts
            // noise of ~1e-15 of that on it: where the true d is zero (a constant, a digitally
            // exact repetition) the noise would be read as dips of d′, a constant "voiced" at
            // whatever lag the noise happens to favour. Below 1e-12 of the energies it is zero.
            let energies = energy0 + lagged
            let raw = energies - 2 * r[tau] * scale
            let d = raw > 1e-12 * energies ? raw : 0
            difference[tau] = d
            running += d
            normalized[tau] = running > 0 ? d * Double(tau) / running : 1
        }

        var found: [PitchCandidate] = []
        found.reserveCapacity(8)
        var tau = minLag
        while tau < maxLag {
            let v = normalized[tau]
            if v < normalized[tau - 1] && v <= normalized[tau + 1] {
                found.append(PitchCandidate(frequency: refinedFrequency(tau), aperiodicity: v))
            }
            tau += 1
        }
        // the search range ends at maxLag: a still-falling d′ there is a (floor) candidate too
        if normalized[maxLag] < normalized[maxLag - 1] {
            found.append(PitchCandidate(frequency: Double(sampleRate) / Double(maxLag),
                                        aperiodicity: normalized[maxLag]))
        }
        return found.count > maxCandidates ? Self.strongest(found, keeping: maxCandidates) : found
    }

    /// The `count` best of `found` (lowest d′, then highest frequency), best first: what a
    /// stable sort cut to that many gives, by insertion into a list that never holds more.
    /// (The sort's closure compared tuples over all of a frame's dips, about 1.4 % of
    /// `analyze`.) A dip goes after every kept one it does not precede, so equals keep their
    /// lag order.
    static func strongest(_ found: [PitchCandidate], keeping count: Int) -> [PitchCandidate] {
        var best: [PitchCandidate] = []
        best.reserveCapacity(count + 1)
        for candidate in found {
            if best.count == count && !precedes(candidate, best[count - 1]) { continue }
            var slot = best.count
            while slot > 0 && precedes(candidate, best[slot - 1]) { slot -= 1 }
            best.insert(candidate, at: slot)
            if best.count > count { best.removeLast() }
        }
        return best
    }

    /// Whether `a` ranks before `b`: lower d′, then higher frequency.
    @inline(__always)
    static func precedes(_ a: PitchCandidate, _ b: PitchCandidate) -> Bool {
        a.aperiodicity < b.aperiodicity || (a.aperiodicity == b.aperiodicity && a.frequency > b.frequency)
    }

    /// Frequency (Hz) of the dip at integer lag `tau`, refined by a parabola through d.
    private func refinedFrequency(_ tau: Int) -> Double {
        let a = difference[tau - 1], b = difference[tau], c = difference[tau + 1]
        let curvature = a - 2 * b + c
        var shift = 0.0
        if abs(curvature) > 1e-12 * max(1e-30, abs(a) + abs(b) + abs(c)) {
            shift = min(1, max(-1, 0.5 * (a - c) / curvature))
        }
        return Double(sampleRate) / (Double(tau) + shift)
    }
}
