import Dispatch
import Foundation

/// ``CPPSAnalyzer`` over several threads, with the same bytes as one thread.
///
/// The frames asked for are cut into chunks of ``chunkFrames`` frames; each thread owns one
/// analyser (its own buffers; the FFTW plan is shared and only executed, which FFTW allows from
/// any thread) and takes the next chunk from a shared counter until none is left, so a core
/// slowed by other work takes fewer chunks. Every frame's value is a pure function of the signal
/// and its time (``CPPSAnalyzer/process(emphasised:start:signalCount:frameCount:time:frames:into:)``),
/// each chunk writes only its own slice of the output, and no sum runs across chunks: the result
/// is the same, bit for bit, for any thread count and any scheduling. A chunk recomputes the
/// cepstra of the `half` frames on each side it borrows from its neighbours (6 of 2048, 0.3 %).
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
        let block = SignalBlock(start: 0, values: input, totalCount: input.count)
        return process(block: block, frameCount: times.count, time: { times[$0] }, frames: 0..<times.count)
    }

    /// The 10 kHz samples frames `frames` of `grid` depend on (see
    /// ``CPPSAnalyzer/signalRange(frames:grid:)``).
    func signalRange(frames: Range<Int>, grid: CPPSAnalyzer.Grid) -> Range<Int> {
        analyzers[0].signalRange(frames: frames, grid: grid)
    }

    /// CPP (dB) of frames `frames` of `grid`, from a block of the 10 kHz signal (not
    /// pre-emphasised) holding at least ``CPPSAnalyzer/signalRange(frames:grid:)`` within the
    /// signal: the analyzer's block-by-block path, the same values as the whole signal's.
    func process(block: SignalBlock, grid: CPPSAnalyzer.Grid, frames: Range<Int>) -> [Double] {
        process(block: block, frameCount: grid.count, time: { grid.time($0) }, frames: frames)
    }

    private func process(block: SignalBlock, frameCount: Int, time: @escaping @Sendable (Int) -> Double,
                         frames: Range<Int>) -> [Double] {
        guard !frames.isEmpty else { return [] }
        let signal = CPPSAnalyzer.preEmphasised(block.values)
        var out = [Double](repeating: 0, count: frames.count)
        let chunks = (frames.count + ParallelCPPS.chunkFrames - 1) / ParallelCPPS.chunkFrames
        let workers = min(analyzers.count, chunks)
        signal.withUnsafeBufferPointer { x in
            out.withUnsafeMutableBufferPointer { values in
                let job = Job(signal: x, start: block.start, signalCount: block.totalCount, frameCount: frameCount,
                              time: time, frames: frames, out: values.baseAddress!, analyzers: analyzers, chunks: chunks)
                guard workers > 1 else {
                    job.run(worker: 0)
                    return
                }
                DispatchQueue.concurrentPerform(iterations: workers) { job.run(worker: $0) }
            }
        }
        return out
    }

    /// What the worker threads share: read-only input, disjoint output slices, one analyser per
    /// worker and the chunk counter (the only shared mutable state, behind a lock).
    private final class Job: @unchecked Sendable {
        let signal: UnsafeBufferPointer<Double>
        let start: Int
        let signalCount: Int
        let frameCount: Int
        let time: @Sendable (Int) -> Double
        let frames: Range<Int>
        let out: UnsafeMutablePointer<Double>
        let analyzers: [CPPSAnalyzer]
        let chunks: Int
        private let lock = NSLock()
        private var next = 0

        init(signal: UnsafeBufferPointer<Double>, start: Int, signalCount: Int, frameCount: Int,
             time: @escaping @Sendable (Int) -> Double, frames: Range<Int>, out: UnsafeMutablePointer<Double>,
             analyzers: [CPPSAnalyzer], chunks: Int) {
            self.signal = signal
            self.start = start
            self.signalCount = signalCount
            self.frameCount = frameCount
            self.time = time
            self.frames = frames
            self.out = out
            self.analyzers = analyzers
            self.chunks = chunks
        }

        func run(worker: Int) {
            let analyzer = analyzers[worker]
            while let chunk = take() {
                let offset = chunk * ParallelCPPS.chunkFrames
                let first = frames.lowerBound + offset
                let range = first..<min(frames.upperBound, first + ParallelCPPS.chunkFrames)
                analyzer.process(emphasised: signal, start: start, signalCount: signalCount, frameCount: frameCount,
                                 time: time, frames: range, into: out + offset)
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
