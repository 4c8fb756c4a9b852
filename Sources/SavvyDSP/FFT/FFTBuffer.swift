import CFFTW

/// SIMD-aligned working memory for one ``FFTPlan`` size: a real array and a half-complex
/// spectrum, both owned by this object (`fftw_malloc` in init, `fftw_free` in deinit).
///
/// Not thread-safe: each analysis owns its buffers; plans are shared.
public final class FFTBuffer {
    /// Transform length in real samples.
    public let size: Int
    /// `size` doubles of time-domain data.
    public let real: UnsafeMutableBufferPointer<Double>
    /// `size/2 + 1` complex bins stored as interleaved `re, im` doubles.
    public let spectrum: UnsafeMutableBufferPointer<Double>
    /// Same memory as `real`, for hot loops.
    public let realPointer: UnsafeMutablePointer<Double>
    let complexPointer: UnsafeMutablePointer<fftw_complex>

    public init(size: Int) throws(DSPError) {
        guard size >= 2, size % 2 == 0 else { throw .fftPlanFailed(size: size) }
        guard let realMemory = fftw_alloc_real(size) else { throw .fftPlanFailed(size: size) }
        guard let complexMemory = fftw_alloc_complex(size / 2 + 1) else {
            fftw_free(realMemory)
            throw .fftPlanFailed(size: size)
        }
        self.size = size
        realPointer = realMemory
        complexPointer = complexMemory
        real = UnsafeMutableBufferPointer(start: realMemory, count: size)
        real.initialize(repeating: 0)
        let doubles = UnsafeMutableRawPointer(complexMemory)
            .bindMemory(to: Double.self, capacity: 2 * (size / 2 + 1))
        spectrum = UnsafeMutableBufferPointer(start: doubles, count: 2 * (size / 2 + 1))
        spectrum.initialize(repeating: 0)
    }

    deinit {
        fftw_free(realPointer)
        fftw_free(complexPointer)
    }
}
