import CFFTW
import Foundation

/// A pair of double-precision FFTW plans (real → half-complex spectrum and back) for one size.
///
/// Plans are made with `FFTW_ESTIMATE` only: `FFTW_MEASURE` may choose a different algorithm on
/// each run and change the last bits, which would break the determinism contract. FFTW's
/// planner is not thread-safe, so creation and destruction happen under one process-wide lock;
/// execution uses the new-array interface on caller-owned ``FFTBuffer`` memory (allocated with
/// `fftw_malloc`, hence with the alignment the plan was made for) and runs outside the lock.
/// One plan per size is cached for the life of the process (``shared(size:)``).
public final class FFTPlan: @unchecked Sendable {
    /// Transform length in real samples (the spectrum has `size / 2 + 1` complex bins).
    public let size: Int
    private let forwardPlan: fftw_plan
    private let inversePlan: fftw_plan

    /// Guards the FFTW planner and the plan cache.
    private static let plannerLock = NSLock()
    nonisolated(unsafe) private static var cache: [Int: FFTPlan] = [:]

    /// The process-wide plan for `size` real samples, created on first use.
    public static func shared(size: Int) throws(DSPError) -> FFTPlan {
        plannerLock.lock()
        defer { plannerLock.unlock() }
        if let plan = cache[size] { return plan }
        let plan = try FFTPlan(lockedSize: size)
        cache[size] = plan
        return plan
    }

    /// Must be called with `plannerLock` held.
    private init(lockedSize size: Int) throws(DSPError) {
        guard size >= 2, size % 2 == 0, size <= 1 << 24 else { throw .fftPlanFailed(size: size) }
        self.size = size
        let real = fftw_alloc_real(size)
        let spectrum = fftw_alloc_complex(size / 2 + 1)
        defer {
            fftw_free(real)
            fftw_free(spectrum)
        }
        guard let real, let spectrum else { throw .fftPlanFailed(size: size) }
        let flags = savvy_fftw_estimate()
        guard let forward = fftw_plan_dft_r2c_1d(Int32(size), real, spectrum, flags) else {
            throw .fftPlanFailed(size: size)
        }
        guard let inverse = fftw_plan_dft_c2r_1d(Int32(size), spectrum, real, flags) else {
            fftw_destroy_plan(forward)
            throw .fftPlanFailed(size: size)
        }
        forwardPlan = forward
        inversePlan = inverse
    }

    deinit {
        FFTPlan.plannerLock.lock()
        fftw_destroy_plan(forwardPlan)
        fftw_destroy_plan(inversePlan)
        FFTPlan.plannerLock.unlock()
    }

    /// Real input `buffer.real[0..<size]` → spectrum `buffer.spectrum` (`size/2 + 1` bins,
    /// interleaved re/im). Unnormalised, as FFTW defines it.
    public func forward(_ buffer: FFTBuffer) {
        precondition(buffer.size == size, "buffer size \(buffer.size) does not match plan size \(size)")
        fftw_execute_dft_r2c(forwardPlan, buffer.realPointer, buffer.complexPointer)
    }

    /// Spectrum `buffer.spectrum` → real `buffer.real`, unnormalised (the result is `size`
    /// times the mathematical inverse). FFTW's c2r overwrites its input spectrum.
    public func inverse(_ buffer: FFTBuffer) {
        precondition(buffer.size == size, "buffer size \(buffer.size) does not match plan size \(size)")
        fftw_execute_dft_c2r(inversePlan, buffer.complexPointer, buffer.realPointer)
    }
}
