import Foundation

/// The unnormalised DCT-I of `N + 1` real values through one real FFT of size `N`:
/// y[k] = x[0] + (−1)^k·x[N] + 2·Σ_{j=1}^{N−1} x[j]·cos(πjk/N), k = 0…N — what FFTW's c2r of
/// size 2N gives for a real, even spectrum (CPPS's log-power spectrum, whose cepstrum this is),
/// for about half its cost.
///
/// The method is Numerical Recipes' `cosft1` (Press et al., 2nd ed., §12.3): fold the values into
/// N with sin(πj/N) weights, one real transform, the even outputs from its real parts and the
/// odd ones from a running sum of its imaginary parts, started at Σ cos(πj/N)·(x[j] − x[N − j])
/// (computed as four chains over the quarters, then joined). Every sum runs in a fixed order, so
/// the result is the same on every run. The running sum adds at most N/2 rounding errors of the
/// largest output (≈ 1e-13 relative in double).
final class CosineTransform {
    /// N: the transform takes N + 1 values; N is even.
    let size: Int
    private let plan: FFTPlan
    private let buffer: FFTBuffer
    /// cos(πj/N) and sin(πj/N) for j = 0 ..< N/2.
    private let cosine: UnsafeMutablePointer<Double>
    private let sine: UnsafeMutablePointer<Double>

    /// - Parameter size: N, even and at least 4 (the values are N + 1).
    init(size: Int) throws(DSPError) {
        guard size >= 4, size % 2 == 0 else { throw .fftPlanFailed(size: size) }
        self.size = size
        plan = try FFTPlan.shared(size: size)
        buffer = try FFTBuffer(size: size)
        cosine = .allocate(capacity: size / 2)
        sine = .allocate(capacity: size / 2)
        for j in 0..<(size / 2) {
            cosine[j] = cos(Double.pi * Double(j) / Double(size))
            sine[j] = sin(Double.pi * Double(j) / Double(size))
        }
    }

    deinit {
        cosine.deallocate()
        sine.deallocate()
    }

    /// y[0…N] from x[0…N] (see the type). `x` and `y` hold N + 1 values each.
    func transform(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Double>) {
        let n = size
        let z = buffer.realPointer
        let cosine = self.cosine, sine = self.sine
        z[0] = 0.5 * (Double(x[0]) + Double(x[n]))
        z[n / 2] = Double(x[n / 2])
        // the fold, and Σ cos(πj/N)·(x[j] − x[N − j]) as four partial sums in a fixed order (one
        // running sum would be an N/2-add dependency chain): s1 takes j ≡ 1, s2 j ≡ 2, s3 j ≡ 3
        // and s0 j ≡ 0 (mod 4), as the lanes of `sums`. Four neighbouring j are folded at once in
        // SIMD4 lanes, each lane the scalar arithmetic; the mirrored values x[N − j] come in
        // reversed, and their results go out reversed.
        let xRaw = UnsafeRawPointer(x)
        let sineRaw = UnsafeRawPointer(sine), cosineRaw = UnsafeRawPointer(cosine)
        let zRaw = UnsafeMutableRawPointer(z)
        let stride = MemoryLayout<Double>.stride, floatStride = MemoryLayout<Float>.stride
        var sums = SIMD4<Double>(0, 0, 0, 0.5 * (Double(x[0]) - Double(x[n])))
        var j = 1
        while j + 4 <= n / 2 {
            let a = SIMD4<Double>(xRaw.loadUnaligned(fromByteOffset: j * floatStride, as: SIMD4<Float>.self))
            let mirrored = SIMD4<Double>(xRaw.loadUnaligned(fromByteOffset: (n - j - 3) * floatStride, as: SIMD4<Float>.self))
            let b = SIMD4<Double>(mirrored[3], mirrored[2], mirrored[1], mirrored[0])
            let mean = 0.5 * (a + b), difference = a - b
            let weighted = sineRaw.loadUnaligned(fromByteOffset: j * stride, as: SIMD4<Double>.self) * difference
            zRaw.storeBytes(of: mean - weighted, toByteOffset: j * stride, as: SIMD4<Double>.self)
            let upper = mean + weighted
            zRaw.storeBytes(of: SIMD4<Double>(upper[3], upper[2], upper[1], upper[0]), toByteOffset: (n - j - 3) * stride,
                            as: SIMD4<Double>.self)
            sums += cosineRaw.loadUnaligned(fromByteOffset: j * stride, as: SIMD4<Double>.self) * difference
            j += 4
        }
        while j < n / 2 {
            let a = Double(x[j]), b = Double(x[n - j])
            let mean = 0.5 * (a + b), difference = a - b
            z[j] = mean - sine[j] * difference
            z[n - j] = mean + sine[j] * difference
            sums[0] += cosine[j] * difference
            j += 1
        }
        let s1 = sums[0], s2 = sums[1], s3 = sums[2], s0 = sums[3]
        plan.forward(buffer)
        // FFTW's forward transform has e^(−i…), so its imaginary parts are −Σ z·sin: subtracted
        let spectrum = buffer.spectrum.baseAddress!
        for k in 0...(n / 2) { y[2 * k] = 2 * spectrum[2 * k] }
        // The odd outputs are a running sum: one chain of N/2 dependent subtractions is what
        // this transform waits on most. Four chains over the four quarters run side by side,
        // each from zero, and the quarters' totals are added afterwards (a fixed order, so the
        // same bits every run).
        let half = n / 2
        let quarter = half / 4
        var r0 = (s0 + s1) + (s2 + s3), r1 = 0.0, r2 = 0.0, r3 = 0.0
        let odd0 = spectrum + 1, odd1 = odd0 + 2 * quarter, odd2 = odd1 + 2 * quarter, odd3 = odd2 + 2 * quarter
        let out0 = y + 1, out1 = out0 + 2 * quarter, out2 = out1 + 2 * quarter, out3 = out2 + 2 * quarter
        for i in 0..<quarter {
            r0 -= odd0[2 * i]
            r1 -= odd1[2 * i]
            r2 -= odd2[2 * i]
            r3 -= odd3[2 * i]
            out0[2 * i] = r0
            out1[2 * i] = r1
            out2[2 * i] = r2
            out3[2 * i] = r3
        }
        for i in quarter..<(half - 3 * quarter) {
            r3 -= odd3[2 * i]
            out3[2 * i] = r3
        }
        let offset1 = r0, offset2 = r0 + r1, offset3 = (r0 + r1) + r2
        for i in 0..<quarter {
            out0[2 * i] = 2 * out0[2 * i]
            out1[2 * i] = 2 * (out1[2 * i] + offset1)
            out2[2 * i] = 2 * (out2[2 * i] + offset2)
        }
        for i in 0..<(half - 3 * quarter) { out3[2 * i] = 2 * (out3[2 * i] + offset3) }
    }
}
