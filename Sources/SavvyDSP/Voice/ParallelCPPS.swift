import Dispatch
import Foundation

/// ``CPPSAnalyzer`` over several threads, with the same bytes as one thread.
///
/// The 2 ms grid is cut into chunks of ``chunkFrames`` frames; each thread owns one analyser
/// (its own buffers; the FFTW plan is shared and only executed, which FFTW allows from any
/// thread) and takes the next chunk from a shared counter until none is left, so a core slowed
/// by other work takes fewer chunks. Every frame's value is a pure function of the signal and
/// its time (``CPPSAnalyzer/process(emphasised:times:frames:into:)``), each chunk writes only
/// its own slice of the output, and no sum runs across chunks: the result is the same, bit for
/// bit, for any thread count and any scheduling. A chunk recomputes the cepstra of the
/// `half` frames on each side it borrows from its neighbours (6 of 2048, 0.3 %).
final class ParallelCPPS {
    /// Frames per chunk: 4.1 s of audio, long enough that the borrowed context is negligible and
    /// short enough that two cores finish within a chunk of each other.
    static let chunkFrames = 2048

    private let analyzers: [CPPSAnalyzer]

    /// - Parameter threads: analysis threads, at least 1 (one analyser, about 70 kB of buffers, each).
    init(threads: Int) throws(DSPError) {
        var analyzers: [CPPSAnalyzer] = []
        for _ in 0..<max(1, threads) { analyzers.append(try CPPSAnalyzer()) }
        self.analyzers = analyzers
    }

    /// CPP (dB) of every frame at `times` for the 10 kHz signal `signal` (not pre-emphasised).
    func process(signal input: [Double], times: [Double]) -> [Double] {
        guard !times.isEmpty else { return [] }
        let signal = CPPSAnalyzer.preEmphasised(input)
        var out = [Double](repeating: 0, count: times.count)
        let chunks = (times.count + ParallelCPPS.chunkFrames - 1) / ParallelCPPS.chunkFrames
        let workers = min(analyzers.count, chunks)
        signal.withUnsafeBufferPointer { x in
            out.withUnsafeMutableBufferPointer { values in
                guard workers > 1 else {
                    analyzers[0].process(emphasised: x, times: times, frames: 0..<times.count,
                                         into: values.baseAddress!)
                    return
                }
                let job = Job(signal: x, times: times, out: values.baseAddress!, analyzers: analyzers,
                              chunks: chunks)
                DispatchQueue.concurrentPerform(iterations: workers) { job.run(worker: $0) }
            }
        }
        return out
    }

    /// What the worker threads share: read-only input, disjoint output slices, one analyser per
    /// worker and the chunk counter (the only shared mutable state, behind a lock).
    private final class Job: @unchecked Sendable {
        let signal: UnsafeBufferPointer<Double>
        let times: [Double]
        let out: UnsafeMutablePointer<Double>
        let analyzers: [CPPSAnalyzer]
        let chunks: Int
        private let lock = NSLock()
        private var next = 0

        init(signal: UnsafeBufferPointer<Double>, times: [Double], out: UnsafeMutablePointer<Double>,
             analyzers: [CPPSAnalyzer], chunks: Int) {
            self.signal = signal
            self.times = times
            self.out = out
            self.analyzers = analyzers
            self.chunks = chunks
        }

        func run(worker: Int) {
            let analyzer = analyzers[worker]
            while let chunk = take() {
                let start = chunk * ParallelCPPS.chunkFrames
                let range = start..<min(times.count, start + ParallelCPPS.chunkFrames)
                analyzer.process(emphasised: signal, times: times, frames: range, into: out + start)
            }
        }

        private func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < chunks else { return nil }
            next += 1
            return next - 1
        }
    }
}
