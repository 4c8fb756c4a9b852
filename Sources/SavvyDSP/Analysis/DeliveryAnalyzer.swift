import Foundation

/// The deterministic delivery analysis of one recording: pitch, loudness, voice quality,
/// activity/pauses and recording quality, all on 16 kHz mono audio.
///
/// Frames are 25 ms (400 samples) every 10 ms (160 samples); frame `i` covers samples
/// `[i·160, i·160 + 400)`. Fixed summation orders and FFTW plans made with `FFTW_ESTIMATE`: the
/// same samples always give a bit-identical ``DeliveryAnalysis``, whatever ``threads`` is (only
/// CPPS, the costliest part, runs on several threads; see ``ParallelCPPS``).
/// An analyzer holds only its configuration; it is cheap to create and safe to share.
public struct DeliveryAnalyzer: Sendable {
    /// The only sample rate accepted, Hz.
    public static let sampleRate = 16_000
    /// Hop between frames, samples (10 ms).
    public static let hop = 160
    /// Frame (analysis window) length, samples (25 ms).
    public static let frameLength = 400

    public let configuration: DeliveryConfiguration
    /// Threads the CPPS analysis may use (at least 1). Not part of the configuration: it changes
    /// the speed, never a bit of the result.
    public let threads: Int

    /// Validates `configuration` (throws ``DSPError/invalidConfiguration(parameter:value:rule:)``).
    /// - Parameter threads: CPPS threads; `nil` means one per active processor.
    public init(configuration: DeliveryConfiguration = .init(), threads: Int? = nil) throws(DSPError) {
        try configuration.validate()
        if let threads, threads < 1 {
            throw .invalidConfiguration(parameter: "threads", value: Double(threads), rule: "must be at least 1")
        }
        self.configuration = configuration
        self.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// Analyse `samples` (mono, nominally in −1…1) recorded at `sampleRate` Hz.
    ///
    /// - Throws: ``DSPError/unsupportedSampleRate(_:)`` unless `sampleRate` is 16000,
    ///   ``DSPError/emptyInput`` for no samples, ``DSPError/nonFiniteSample(index:)`` for NaN
    ///   or infinity. All-silent input is valid: it yields no pitch/loudness summaries and a
    ///   ``QualityWarning/noSpeech`` warning.
    public func analyze(samples: [Float], sampleRate: Int) throws(DSPError) -> DeliveryAnalysis {
        guard sampleRate == DeliveryAnalyzer.sampleRate else { throw .unsupportedSampleRate(sampleRate) }
        guard !samples.isEmpty else { throw .emptyInput }
        if let bad = samples.firstIndex(where: { !$0.isFinite }) { throw .nonFiniteSample(index: bad) }
        let config = configuration
        let signal = samples.map { Double($0) }
        let hop = DeliveryAnalyzer.hop, frameLength = DeliveryAnalyzer.frameLength

        let levels = RMSTrack.levels(signal, frameLength: frameLength, hop: hop)
        let frameCount = levels.count
        let loudest = Statistics.percentile(levels, 99)

        let extractor = try YINCandidateExtractor(
            samples: signal, sampleRate: sampleRate, hop: hop, window: frameLength,
            floorHz: config.pitchFloorHz, ceilingHz: config.pitchCeilingHz, maxCandidates: 5)
        let gate = loudest - config.voicingEnergyGateDB
        var candidates = [[PitchCandidate]](repeating: [], count: frameCount)
        for i in 0..<frameCount where levels[i] >= gate && levels[i] > RMSTrack.floorDB {
            candidates[i] = extractor.candidates(frame: i)
        }
        let tracker = PitchPathTracker(
            voicingThreshold: config.voicingThreshold, octaveCost: config.octaveCost,
            jumpCost: config.octaveJumpCost, transitionCost: config.voicedUnvoicedCost,
            energyGateDB: config.voicingEnergyGateDB, floorHz: config.pitchFloorHz,
            minimumVoicedFrames: 3)
        let f0 = tracker.track(candidates: candidates, frameDB: levels, loudestDB: loudest)

        let vad = VoiceActivityDetector().detect(levels: levels)

        var cppsTrack = [Double?](repeating: nil, count: frameCount)
        var voice: VoiceQualitySummary?
        if config.computeCPPS {
            let times = CPPSAnalyzer.frameTimes(sampleCount: signal.count, inputRate: sampleRate)
            if !times.isEmpty {
                let resampled = PolyphaseResampler(from: sampleRate, to: CPPSAnalyzer.sampleRate).process(signal)
                let cpp = try ParallelCPPS(threads: threads).process(signal: resampled, times: times)
                voice = summarizeCPPS(cpp, times: times, f0: f0, into: &cppsTrack)
            }
        }

        let tracks = FrameTracks(sampleRate: sampleRate, hop: hop, frameLength: frameLength, f0: f0,
                                 rmsDB: levels, active: vad.active, cpps: cppsTrack)
        let activity = ActivitySummary.make(tracks: tracks, sampleCount: samples.count,
                                            thresholdDB: vad.thresholdDB, configuration: config)
        return DeliveryAnalysis(
            durationSeconds: Double(samples.count) / Double(sampleRate),
            tracks: tracks,
            pitch: PitchSummary.make(tracks: tracks, configuration: config),
            loudness: LoudnessSummary.make(tracks: tracks),
            voice: voice,
            activity: activity,
            quality: RecordingQuality.make(samples: samples, tracks: tracks, activity: activity,
                                           configuration: config))
    }

    /// CPPS means (all frames; frames whose nearest 10 ms frame is voiced) and the 10 ms track
    /// (nearest 2 ms frame within 1 ms, else `nil`).
    private func summarizeCPPS(_ cpp: [Double], times: [Double], f0: [Double?],
                               into track: inout [Double?]) -> VoiceQualitySummary {
        let rate = Double(DeliveryAnalyzer.sampleRate)
        let hopSeconds = Double(DeliveryAnalyzer.hop) / rate
        let firstCentre = Double(DeliveryAnalyzer.frameLength) / 2 / rate
        var total = 0.0
        var voicedTotal = 0.0
        var voicedCount = 0
        for (k, t) in times.enumerated() {
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
            let k = Int(((t - times[0]) / step).rounded())
            if k >= 0, k < times.count, abs(times[k] - t) <= step / 2 + 1e-9 { track[i] = cpp[k] }
        }
        return VoiceQualitySummary(cppsDB: total / Double(times.count),
                                   cppsVoicedDB: voicedCount > 0 ? voicedTotal / Double(voicedCount) : nil,
                                   frames: times.count)
    }
}
