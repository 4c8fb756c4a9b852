import Foundation

/// The frame-local work of the analysis blocks — CPPS and YIN candidates — as flat lists of
/// items on ``WorkQueue``.
///
/// CPPS needs nothing but the samples, so it runs in the first pass, beside the block's frame
/// levels (one more item; RMS is frame-local work too): the levels, and so the pitch gate, are known only once every block has
/// been read, and CPPS used to wait for them, leaving the other cores idle through the first pass.
/// The pitch candidates run in the second pass, on the gated frames. CPPS items are equal chunks of at
/// most ``cppsChunkFrames`` frames, pitch items chunks of ``pitchChunkFrames`` frames. Each worker
/// thread owns a YIN extractor and a CPPS analyser (their buffers; the FFTW plans are shared and
/// only executed, which FFTW allows from any thread). A CPPS chunk resamples and pre-emphasises
/// the 10 kHz stretch its own frames read, so it depends on no other item. Every item writes only
/// its own slots of the output and no sum runs across items; the Viterbi step that follows takes
/// the candidates in frame order on the calling thread. So the result is the same, bit for bit,
/// for any thread count and any schedule
/// (``CPPSAnalyzer/process(emphasised:start:signalCount:frameCount:time:frames:into:)`` gives any
/// range of frames the values the whole grid gives).
final class BlockWork: @unchecked Sendable {
    /// CPPS frames per item at most: 4.1 s of audio, long enough that the context a chunk
    /// recomputes (the resampler's filter, a window and the time smoothing's 6 neighbours) is
    /// negligible. A block's frames are cut into equal chunks, as many as a multiple of the
    /// workers (``cppsChunks(frames:)``).
    static let cppsChunkFrames = 2048
    /// Pitch frames per item: 2.5 s of audio, twelve items to a 30 s block, short enough that
    /// the threads finish a block's list close together although the gate leaves the chunks
    /// unequal work (a pause costs nothing; 5 s chunks left one of two workers idle for about
    /// 5 % of the pass). An item has no set-up cost of its own.
    static let pitchChunkFrames = 250

    private let extractors: [YINCandidateExtractor]
    private let cppsAnalyzers: [CPPSAnalyzer]
    private let resampler: PolyphaseResampler
    private let grid: CPPSAnalyzer.Grid
    private let resampledCount: Int

    /// - Parameters:
    ///   - threads: worker threads, at least 1 (each owns one extractor and, when `grid` has
    ///     frames, one CPPS analyser of about 70 kB).
    ///   - makeExtractor: a new YIN extractor (one per worker).
    ///   - grid: the CPPS frame grid of the whole signal (empty: no CPPS).
    ///   - sampleCount: samples in the whole 16 kHz signal.
    init(threads: Int, makeExtractor: () throws(DSPError) -> YINCandidateExtractor, grid: CPPSAnalyzer.Grid,
         resampler: PolyphaseResampler, sampleCount: Int) throws(DSPError) {
        var extractors: [YINCandidateExtractor] = []
        var cppsAnalyzers: [CPPSAnalyzer] = []
        for _ in 0..<max(1, threads) {
            extractors.append(try makeExtractor())
            if grid.count > 0 { cppsAnalyzers.append(try CPPSAnalyzer()) }
        }
        self.extractors = extractors
        self.cppsAnalyzers = cppsAnalyzers
        self.resampler = resampler
        self.grid = grid
        resampledCount = resampler.outputCount(inputCount: sampleCount)
    }

    /// The 16 kHz samples (before clipping to the signal) that the pitch frames `frames`
    /// (non-empty) read.
    func pitchInputRange(frames: Range<Int>) -> Range<Int> {
        extractors[0].sampleRange(frame: frames.lowerBound).lowerBound
            ..< extractors[0].sampleRange(frame: frames.upperBound - 1).upperBound
    }

    /// The 16 kHz samples (before clipping to the signal) that the CPPS frames `cppsFrames` read
    /// through the resampler, for the 10 kHz stretch ``CPPSAnalyzer/signalRange(frames:grid:)``
    /// names; nil without CPPS frames.
    func cppsInputRange(cppsFrames: Range<Int>) -> Range<Int>? {
        guard let analyzer = cppsAnalyzers.first, !cppsFrames.isEmpty else { return nil }
        return resampler.inputRange(outputs: resampledRange(frames: cppsFrames, analyzer: analyzer))
    }

    /// The first pass's items for one block: CPPS of the 2 ms frames `cppsFrames`, written to
    /// `cpp[cppsFrames]` (`cpp` holds the whole grid), and the levels of the 10 ms frames
    /// `frames`, written to `levels[frames]` (the whole track), as one more item, last, since it is
    /// the shortest. `block` holds the 16 kHz samples both read (the frames' own and
    /// ``cppsInputRange(cppsFrames:)``, within the signal).
    ///
    /// `alongside`, when given, runs before the items, on the first thread free
    /// (``WorkQueue/run(items:workers:alongside:_:)``): the caller's read of the next block, which
    /// then overlaps this block's work instead of holding up every worker.
    func runLevelsAndCPPS(block: SignalBlock, frames: Range<Int>, levels: UnsafeMutableBufferPointer<Double>,
                          cppsFrames: Range<Int>, cpp: UnsafeMutableBufferPointer<Double>,
                          alongside: (@Sendable () -> Void)? = nil) {
        let chunks = cppsChunks(frames: cppsFrames.count)
        let items = FirstPassItems(block: block, frames: frames, levels: levels, cppsFrames: cppsFrames, cpp: cpp)
        WorkQueue.run(items: chunks + 1, workers: extractors.count, alongside: alongside) { worker, item in
            if item < chunks {
                self.cppsChunk(item, of: chunks, worker: worker, items)
            } else {
                RMSTrack.levels(of: items.frames, in: items.block, frameLength: DeliveryAnalyzer.frameLength,
                                hop: DeliveryAnalyzer.hop, into: items.levels)
            }
        }
    }

    /// The second pass's items for one block: pitch candidates of the 10 ms frames `frames`
    /// (empty for frames with `gated[i]` false, indexed from `frames.lowerBound`). `block` holds
    /// the 16 kHz samples they read (``pitchInputRange(frames:)``, within the signal). `alongside`
    /// as for ``runLevelsAndCPPS(block:frames:levels:cppsFrames:cpp:alongside:)``.
    func runPitch(block: SignalBlock, frames: Range<Int>, gated: [Bool],
                  alongside: (@Sendable () -> Void)? = nil) -> [[PitchCandidate]] {
        var candidates = [[PitchCandidate]](repeating: [], count: frames.count)
        let pitchChunks = (frames.count + BlockWork.pitchChunkFrames - 1) / BlockWork.pitchChunkFrames
        candidates.withUnsafeMutableBufferPointer { slots in
            gated.withUnsafeBufferPointer { gated in
                let items = PitchItems(block: block, frames: frames, gated: gated, candidates: slots.baseAddress!)
                WorkQueue.run(items: pitchChunks, workers: extractors.count, alongside: alongside) { worker, item in
                    self.pitchChunk(item, worker: worker, items)
                }
            }
        }
        return candidates
    }

    /// What one block's first-pass items read and write (pointers into arrays the caller holds
    /// for the whole run; each item writes disjoint slots).
    private struct FirstPassItems: @unchecked Sendable {
        let block: SignalBlock
        let frames: Range<Int>
        let levels: UnsafeMutableBufferPointer<Double>
        let cppsFrames: Range<Int>
        let cpp: UnsafeMutableBufferPointer<Double>
    }

    /// What one block's pitch items read and write (as ``FirstPassItems``).
    private struct PitchItems: @unchecked Sendable {
        let block: SignalBlock
        let frames: Range<Int>
        let gated: UnsafeBufferPointer<Bool>
        let candidates: UnsafeMutablePointer<[PitchCandidate]>
    }

    private func pitchChunk(_ chunk: Int, worker: Int, _ items: PitchItems) {
        let extractor = extractors[worker]
        let first = items.frames.lowerBound + chunk * BlockWork.pitchChunkFrames
        for i in first..<min(items.frames.upperBound, first + BlockWork.pitchChunkFrames) {
            let slot = i - items.frames.lowerBound
            if items.gated[slot] { items.candidates[slot] = extractor.candidates(frame: i, in: items.block) }
        }
    }

    /// How many chunks a block's `frames` CPPS frames are cut into: a multiple of the workers,
    /// each of at most ``cppsChunkFrames``. Every worker then gets the same number of equal
    /// chunks, so they reach the end of the block together: with chunks of 2048 frames and a
    /// short last one, one of two workers sat idle for most of a chunk at the end of every block
    /// (the pass waits for the block's last item before it reads the next block).
    func cppsChunks(frames: Int) -> Int {
        guard frames > 0 else { return 0 }
        let workers = extractors.count
        let rounds = (frames + workers * BlockWork.cppsChunkFrames - 1) / (workers * BlockWork.cppsChunkFrames)
        return min(frames, rounds * workers)
    }

    /// Chunk `chunk` of `chunks` equal ones (their lengths differ by one frame at most).
    private func cppsChunk(_ chunk: Int, of chunks: Int, worker: Int, _ items: FirstPassItems) {
        let analyzer = cppsAnalyzers[worker]
        let total = items.cppsFrames.count
        let first = items.cppsFrames.lowerBound + chunk * total / chunks
        let frames = first..<(items.cppsFrames.lowerBound + (chunk + 1) * total / chunks)
        let range = resampledRange(frames: frames, analyzer: analyzer)
        // the first value lacks its x[n − 1] unless the range starts the signal; no frame reads it
        let signal = CPPSAnalyzer.preEmphasised(resampler.process(outputs: range, block: items.block))
        let grid = self.grid
        signal.withUnsafeBufferPointer { x in
            analyzer.process(emphasised: x, start: range.lowerBound, signalCount: resampledCount, frameCount: grid.count,
                             time: { grid.time($0) }, frames: frames,
                             into: items.cpp.baseAddress! + frames.lowerBound)
        }
    }

    /// The 10 kHz samples CPPS frames `frames` read, within the signal.
    private func resampledRange(frames: Range<Int>, analyzer: CPPSAnalyzer) -> Range<Int> {
        let wanted = analyzer.signalRange(frames: frames, grid: grid)
        return max(0, wanted.lowerBound)..<min(resampledCount, wanted.upperBound)
    }
}
