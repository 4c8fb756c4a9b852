/// A branch-free natural logarithm over contiguous buffers, for the CPPS log-spectrum.
///
/// glibc's `log` is a call per element that the compiler cannot vectorise; the cepstrum needs
/// 513 of them every 2 ms of audio, which made them the largest single cost of CPPS. This
/// version splits `x = 2^e · m` with integer bit operations, folds `m` into [√½, √2), and
/// evaluates `ln m = 2·atanh(s)`, `s = (m − 1)/(m + 1)`, `|s| ≤ 0.1716`, by its odd series
/// through `s¹³`: truncation error ≤ 2·s¹⁵/15 ≈ 4.4e-13 absolute, plus a few ulps of rounding.
/// That is far below what moves CPPS (an error δ in every log-power bin moves each cepstral
/// coefficient by at most δ; the quietest coefficients of a real frame are ≈ 1e-3).
/// Every step is an element-wise integer or floating-point operation without calls or
/// branches, so the loop vectorises; the result depends only on the input value.
enum FastLogarithm {
    /// Replaces each of `buffer[0..<count]` by its natural logarithm. Every value must be a
    /// positive, finite, normal double (callers add a floor such as 1e-300 before calling).
    static func naturalLogInPlace(_ buffer: UnsafeMutablePointer<Double>, count: Int) {
        let mantissaMask: UInt64 = 0x000F_FFFF_FFFF_FFFF
        let one: UInt64 = 0x3FF0_0000_0000_0000
        // 2^52 + 1023 as a double: OR-ing a biased exponent into its low bits and subtracting
        // converts the exponent to a double without an integer-to-float instruction
        let magicBits: UInt64 = 0x4330_0000_0000_0000
        let magic = Double(bitPattern: magicBits) + 1023
        let sqrtTwo = 1.4142135623730951
        let ln2 = 0.6931471805599453
        for i in 0..<count {
            let bits = buffer[i].bitPattern
            var e = Double(bitPattern: (bits >> 52) | magicBits) - magic
            var m = Double(bitPattern: (bits & mantissaMask) | one)
            let fold = m > sqrtTwo
            m = fold ? m * 0.5 : m
            e = fold ? e + 1 : e
            let s = (m - 1) / (m + 1)
            let z = s * s
            var p = 1.0 / 13
            p = p * z + 1.0 / 11
            p = p * z + 1.0 / 9
            p = p * z + 1.0 / 7
            p = p * z + 1.0 / 5
            p = p * z + 1.0 / 3
            p = p * z + 1
            buffer[i] = e * ln2 + 2 * s * p
        }
    }

    /// The single-precision version, for the CPPS log-power spectrum: the same steps on 32-bit
    /// floats (twice the values per SIMD register), the series through `s⁹`: truncation error
    /// ≤ 2·s¹¹/11 ≈ 7e-10 absolute, below float's own rounding of the result. Every value must
    /// be a positive, finite, normal float.
    static func naturalLogInPlace(_ buffer: UnsafeMutablePointer<Float>, count: Int) {
        let mantissaMask: UInt32 = 0x007F_FFFF
        let one: UInt32 = 0x3F80_0000
        // 2^23 + 127 as a float, the same exponent-to-float trick as above
        let magicBits: UInt32 = 0x4B00_0000
        let magic = Float(bitPattern: magicBits) + 127
        let sqrtTwo: Float = 1.41421356
        let ln2: Float = 0.693147181
        for i in 0..<count {
            let bits = buffer[i].bitPattern
            var e = Float(bitPattern: (bits >> 23) | magicBits) - magic
            var m = Float(bitPattern: (bits & mantissaMask) | one)
            let fold = m > sqrtTwo
            m = fold ? m * 0.5 : m
            e = fold ? e + 1 : e
            let s = (m - 1) / (m + 1)
            let z = s * s
            var p: Float = 1.0 / 9
            p = p * z + 1.0 / 7
            p = p * z + 1.0 / 5
            p = p * z + 1.0 / 3
            p = p * z + 1
            buffer[i] = e * ln2 + 2 * s * p
        }
    }
}
