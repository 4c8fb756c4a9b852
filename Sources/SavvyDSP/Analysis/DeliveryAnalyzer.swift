import Foundation

/// The deterministic delivery analysis of one recording: pitch, loudness, voice quality,
/// activity/pauses and recording quality, all on 16 kHz mono audio.
///
/// Frames are 25 ms (400 samples) every 10 ms (160 samples); frame `i` covers samples
/// `[i·160, i·160 + 400)`. Fixed summation orders and FFTW plans made with `FFTW_ESTIMATE`: the
/// same samples always give a bit-identical ``DeliveryAnalysis``, whatever ``threads`` is (pitch
/// candidates and CPPS, the costly parts, run on several threads; see ``BlockWork``).
/// An analyzer holds only its configuration; it is cheap to create and safe to share.
public struct DeliveryAnalyzer: Sendable {
    /// The only sample rate accepted, Hz.
    public static let sampleRate = 16_000
    /// Hop between frames, samples (10 ms).
    public static let hop = 160
    /// Frame (analysis window) length, samples (25 ms).
    public static let frameLength = 400

    public let configuration: DeliveryConfiguration
    /// Threads the analysis (pitch candidates and CPPS) may use (at least 1). Not part of the
    /// configuration: it changes the speed, never a bit of the result.
    public let threads: Int

    /// Validates `configuration` (throws ``DSPError/invalidConfiguration(parameter:value:rule:)``).
    /// - Parameter threads: analysis threads; `nil` means one per active processor.
    public init(configuration: DeliveryConfiguration = .init(), threads: Int? = nil) throws(DSPError) {
        try configuration.validate()
        if let threads, threads < 1 {
            throw .invalidConfiguration(parameter: "threads", value: Double(threads), rule: "must be at least 1")
        }
        self.configuration = configuration
        self.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// Block length ``analyze(_:blockSeconds:)`` reads by default, seconds: about 4 MB of
    /// samples at a time, so a long recording costs little more memory than its frame tracks.
    public static let defaultBlockSeconds = 30.0

    /// Analyse `samples` (mono, nominally in −1…1) recorded at `sampleRate` Hz.
    ///
    /// - Throws: ``DSPError/unsupportedSampleRate(_:)`` unless `sampleRate` is 16000,
    ///   ``DSPError/emptyInput`` for no samples, ``DSPError/nonFiniteSample(index:)`` for NaN
    ///   or infinity. All-silent input is valid: it yields no pitch/loudness summaries and a
    ///   ``QualityWarning/noSpeech`` warning.
    public func analyze(samples: [Float], sampleRate: Int) throws(DSPError) -> DeliveryAnalysis {
        do {
            return try analyze(SampleArray(samples, sampleRate: sampleRate), blockSeconds: nil)
        } catch let error as DSPError {
            throw error
        } catch {
            // SampleArray's reads cannot fail; only DSPError can come out of the analysis itself.
            preconditionFailure("in-memory samples failed to read: \(error)")
        }
    }

    /// Analyse a recording block by block: the result is the same, bit for bit, whatever the
    /// block length, as for the whole signal in one piece.
    ///
    /// Two passes over `source`: frame levels (and clipping) first, because the pitch gate and
    /// the VAD thresholds are percentiles of the whole recording, with CPPS beside them (it needs
    /// no level); then YIN candidates and the Viterbi forward step, block by block. Each block
    /// reads the samples its frames need, with the context before and after (frame overlap, YIN's
    /// lag range, the resampler's filter, CPPS's window and time smoothing), so frame-local
    /// results do not depend on where blocks start. What is kept is per frame: levels, the
    /// Viterbi back-pointers, CPPS values.
    ///
    /// - Parameter blockSeconds: samples read at a time, seconds; `nil` reads the whole signal
    ///   at once.
    /// - Throws: what `analyze(samples:sampleRate:)` throws, and any error of `source`'s reads.
    public func analyze(_ source: some SampleSource, blockSeconds: Double? = defaultBlockSeconds) throws -> DeliveryAnalysis {
        let sampleRate = source.sampleRate
        guard sampleRate == DeliveryAnalyzer.sampleRate else { throw DSPError.unsupportedSampleRate(sampleRate) }
        let count = source.sampleCount
        guard count > 0 else { throw DSPError.emptyInput }
        let config = configuration
        let hop = DeliveryAnalyzer.hop, frameLength = DeliveryAnalyzer.frameLength
        let frameCount = RMSTrack.frameCount(sampleCount: count, frameLength: frameLength, hop: hop)
        let framesPerBlock = blockSeconds.map { max(1, Int(($0 * Double(sampleRate) / Double(hop)).rounded())) } ?? frameCount
        let blocks = stride(from: 0, to: frameCount, by: framesPerBlock).map { $0..<min(frameCount, $0 + framesPerBlock) }
        @Sendable func read(_ range: Range<Int>) throws -> SignalBlock {
            let clipped = max(0, range.lowerBound)..<min(count, range.upperBound)
            return SignalBlock(start: clipped.lowerBound, values: DeliveryAnalyzer.widened(try source.samples(in: clipped)),
                               totalCount: count)
        }
        // Each pass reads block i + 1 as one more item beside block i's work (`NextBlock`), so a
        // worker reads while the others compute; an error of that read is thrown when block i + 1
        // comes up, after everything block i would have thrown, as when blocks were read in turn.
        func readAlongside(_ range: Range<Int>?, into next: NextBlock) -> (@Sendable () -> Void)? {
            guard let range else { return nil }
            return { next.result = Result { try read(range) } }
        }

        let grid = config.computeCPPS ? CPPSAnalyzer.grid(sampleCount: count, inputRate: sampleRate) : CPPSAnalyzer.Grid(count: 0, first: 0)
        let cppsFramesPerFrame = Int((Double(hop) / Double(sampleRate) / CPPSAnalyzer.timeStep).rounded())
        let work = try BlockWork(
            threads: threads,
            makeExtractor: { () throws(DSPError) in
                try YINCandidateExtractor(sampleRate: sampleRate, hop: hop, window: frameLength,
                                          floorHz: config.pitchFloorHz, ceilingHz: config.pitchCeilingHz,
                                          maxCandidates: 5)
            },
            grid: grid, resampler: PolyphaseResampler(from: sampleRate, to: CPPSAnalyzer.sampleRate), sampleCount: count)

        // Pass 1: frame levels, every sample checked and counted once, in its owning block; and,
        // beside the levels on the worker threads, CPPS, which needs no level.
        var levels = [Double](repeating: RMSTrack.floorDB, count: frameCount)
        var cpp = [Double](repeating: 0, count: grid.count)
        var clipped = 0
        /// A block's own samples, its CPPS frames (the 2 ms grid cut at the same places as the
        /// 10 ms one) and the samples both read.
        func firstPass(_ frames: Range<Int>) -> (owned: Range<Int>, cppsFrames: Range<Int>, wanted: Range<Int>) {
            let owned = (frames.lowerBound * hop)..<(frames.upperBound == frameCount ? count : frames.upperBound * hop)
            let needed = owned.lowerBound..<max(owned.upperBound, min(count, (frames.upperBound - 1) * hop + frameLength))
            let cppsFrames = min(grid.count, frames.lowerBound * cppsFramesPerFrame)
                ..< (frames.upperBound == frameCount ? grid.count : min(grid.count, frames.upperBound * cppsFramesPerFrame))
            let wanted = work.cppsInputRange(cppsFrames: cppsFrames).map {
                min(needed.lowerBound, $0.lowerBound)..<max(needed.upperBound, $0.upperBound)
            } ?? needed
            return (owned, cppsFrames, wanted)
        }
        var pending = Result { try read(firstPass(blocks[0]).wanted) }
        for (index, frames) in blocks.enumerated() {
            let (owned, cppsFrames, _) = firstPass(frames)
            let block = try pending.get()
            // Every sample from the owned ones on is checked before CPPS reads it (those before
            // were checked by earlier blocks), so the first one that is not finite is the
            // recording's first, as block by block over the owned samples alone. (The block holds
            // the samples as Double, which every Float converts to exactly and back.)
            let checked = (owned.lowerBound - block.start)..<block.values.count
            if let bad = DeliveryAnalyzer.firstNonFinite(block.values, in: checked) {
                throw DSPError.nonFiniteSample(index: block.start + bad)
            }
            clipped += DeliveryAnalyzer.clippedCount(block.values, in: checked.lowerBound..<(owned.upperBound - block.start))
            let next = NextBlock()
            let alongside = readAlongside(index + 1 < blocks.count ? firstPass(blocks[index + 1]).wanted : nil, into: next)
            levels.withUnsafeMutableBufferPointer { levels in
                cpp.withUnsafeMutableBufferPointer { cpp in
                    work.runLevelsAndCPPS(block: block, frames: frames, levels: levels, cppsFrames: cppsFrames, cpp: cpp,
                                          alongside: alongside)
                }
            }
            if let result = next.result { pending = result }
        }
        let loudest = Statistics.percentile(levels, 99)

        // Pass 2: pitch candidates of the frames above the gate into the path search, block by block.
        let gate = loudest - config.voicingEnergyGateDB
        let tracker = PitchPathTracker(
            voicingThreshold: config.voicingThreshold, octaveCost: config.octaveCost,
            jumpCost: config.octaveJumpCost, transitionCost: config.voicedUnvoicedCost,
            energyGateDB: config.voicingEnergyGateDB, floorHz: config.pitchFloorHz,
            minimumVoicedFrames: 3)
        var search = PitchPathSearch(tracker: tracker, loudestDB: loudest)
        pending = Result { try read(work.pitchInputRange(frames: blocks[0])) }
        for (index, frames) in blocks.enumerated() {
            let block = try pending.get()
            let gated = frames.map { levels[$0] >= gate && levels[$0] > RMSTrack.floorDB }
            let next = NextBlock()
            let alongside = readAlongside(index + 1 < blocks.count ? work.pitchInputRange(frames: blocks[index + 1]) : nil,
                                          into: next)
            let candidates = work.runPitch(block: block, frames: frames, gated: gated, alongside: alongside)
            if let result = next.result { pending = result }
            for i in frames {
                search.append(candidates: candidates[i - frames.lowerBound], frameDB: levels[i])
            }
        }
        let f0 = search.finish()

        let vad = VoiceActivityDetector().detect(levels: levels)
        var cppsTrack = [Double?](repeating: nil, count: frameCount)
        let voice = grid.count > 0 ? summarizeCPPS(cpp, grid: grid, f0: f0, into: &cppsTrack) : nil

        let tracks = FrameTracks(sampleRate: sampleRate, hop: hop, frameLength: frameLength, f0: f0,
                                 rmsDB: levels, active: vad.active, cpps: cppsTrack)
        let activity = ActivitySummary.make(tracks: tracks, sampleCount: count,
                                            thresholdDB: vad.thresholdDB, configuration: config)
        return DeliveryAnalysis(
            durationSeconds: Double(count) / Double(sampleRate),
            tracks: tracks,
            pitch: PitchSummary.make(tracks: tracks, configuration: config),
            loudness: LoudnessSummary.make(tracks: tracks),
            voice: voice,
            activity: activity,
            quality: RecordingQuality.make(clippedSamples: clipped, sampleCount: count, tracks: tracks,
                                           activity: activity, configuration: config))
    }

    /// `samples` as Double (every Float converts exactly), in one vectorised pass: `map`'s
    /// closure converted one value at a time.
    static func widened(_ samples: [Float]) -> [Double] {
        samples.withUnsafeBufferPointer { source in
            [Double](unsafeUninitializedCapacity: source.count) { target, initialized in
                for i in 0..<source.count { target[i] = Double(source[i]) }
                initialized = source.count
            }
        }
    }

    /// Index of the first value in `range` of `values` that is NaN or infinite, or nil. Four at
    /// a time: x − x is 0 for every finite x and NaN otherwise; a block of four that is not all
    /// zero is searched value by value, so the index is the first one's, as a plain scan finds.
    static func firstNonFinite(_ values: [Double], in range: Range<Int>) -> Int? {
        values.withUnsafeBufferPointer { x in
            let raw = UnsafeRawPointer(x.baseAddress!)
            let stride = MemoryLayout<Double>.stride
            var i = range.lowerBound
            while i + 4 <= range.upperBound {
                let v = raw.loadUnaligned(fromByteOffset: i * stride, as: SIMD4<Double>.self)
                if any((v - v) .!= 0) { break }
                i += 4
            }
            while i < range.upperBound {
                if !x[i].isFinite { return i }
                i += 1
            }
            return nil
        }
    }

    /// How many values in `range` of `values` ``RecordingQuality/isClipped(_:)`` (as Float),
    /// four at a time (|x| ≥ level as x ≥ level or x ≤ −level; the values are finite).
    static func clippedCount(_ values: [Double], in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return values.withUnsafeBufferPointer { x in
            let raw = UnsafeRawPointer(x.baseAddress!)
            let stride = MemoryLayout<Double>.stride
            let level = SIMD4<Float>(repeating: RecordingQuality.clipLevel)
            var lanes = SIMD4<Int32>()
            var i = range.lowerBound
            while i + 4 <= range.upperBound {
                let v = SIMD4<Float>(raw.loadUnaligned(fromByteOffset: i * stride, as: SIMD4<Double>.self))
                lanes &+= SIMD4<Int32>(repeating: 0).replacing(with: 1, where: (v .>= level) .| (v .<= -level))
                i += 4
            }
            var count = Int(lanes[0]) + Int(lanes[1]) + Int(lanes[2]) + Int(lanes[3])
            while i < range.upperBound {
                if RecordingQuality.isClipped(Float(x[i])) { count += 1 }
                i += 1
            }
            return count
        }
    }

    /// CPPS means (all frames; frames whose nearest 10 ms frame is voiced) and the 10 ms track
    /// (nearest 2 ms frame within 1 ms, else `nil`).
    private func summarizeCPPS(_ cpp: [Double], grid: CPPSAnalyzer.Grid, f0: [Double?],
                               into track: inout [Double?]) -> VoiceQualitySummary {
        let rate = Double(DeliveryAnalyzer.sampleRate)
        let hopSeconds = Double(DeliveryAnalyzer.hop) / rate
        let firstCentre = Double(DeliveryAnalyzer.frameLength) / 2 / rate
        var total = 0.0
        var voicedTotal = 0.0
        var voicedCount = 0
        for k in 0..<grid.count {
            let t = grid.time(k)
            total += cpp[k]
            let nearest = min(f0.count - 1, max(0, Int(((t - firstCentre) / hopSeconds).rounded())))
            if f0[nearest] != nil {
                voicedTotal += cpp[k]
                voicedCount += 1
            }
        }
        let step = CPPSAnalyzer.timeStep
        for i in 0..<track.count {
            let t = firstCentre + Double(i) * hopSeconds
            let k = Int(((t - grid.time(0)) / step).rounded())
            if k >= 0, k < grid.count, abs(grid.time(k) - t) <= step / 2 + 1e-9 { track[i] = cpp[k] }
        }
        return VoiceQualitySummary(cppsDB: total / Double(grid.count),
                                   cppsVoicedDB: voicedCount > 0 ? voicedTotal / Double(voicedCount) : nil,
                                   frames: grid.count)
    }
}

/// The next block of a pass, read by a work item beside the current block's work: written by
/// that item alone, and read by the caller only after the work queue has returned, which waits
/// for every item.
private final class NextBlock: @unchecked Sendable {
    var result: Result<SignalBlock, any Error>?
}
