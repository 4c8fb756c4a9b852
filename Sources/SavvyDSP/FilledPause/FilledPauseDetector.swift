import Foundation

/// A hesitation vowel ("um", "uh", "er") found in the audio itself.
public struct FilledPause: Sendable, Equatable, Codable {
    public var span: TimeSpan
    /// Median F0 of the segment in Hz.
    public var medianHz: Double
    /// Pitch spread over the segment in semitones (small: a held, flat vowel).
    public var pitchSDSemitones: Double
    /// 0–1: how strongly the segment looks like a filled pause (duration, flatness, isolation).
    public var confidence: Double
}

/// Finds filled pauses from the frame tracks, independently of any speech recogniser.
///
/// ASR engines drop "um" and "uh" (Whisper unless prompted; pocketsphinx has no filler phones),
/// so a second, acoustic source catches what they miss. A filled pause is a sustained voiced
/// stretch — longer than an ordinary syllable's vowel, shorter than a sung note — whose pitch
/// and loudness hold nearly still (Shriberg 2001: filled pauses are long, flat or slightly
/// falling in F0, with stable formants), and which is usually bounded by silence.
///
/// The detector works on `FrameTracks` only, so it is deterministic and costs almost nothing
/// beyond the analysis that produced the tracks.
public struct FilledPauseDetector: Sendable {
    public struct Configuration: Sendable, Equatable {
        /// Shortest voiced run considered, seconds (ordinary stressed vowels rarely hold longer).
        public var minDuration: Double = 0.25
        /// Longest voiced run considered, seconds.
        public var maxDuration: Double = 1.0
        /// Largest pitch SD over the run, semitones.
        public var maxPitchSD: Double = 0.8
        /// Largest SD of frame loudness over the run's interior, dB.
        public var maxLoudnessSD: Double = 3.0
        /// Frames of unvoiced gap tolerated inside a run (pitch trackers drop single frames).
        public var gapFrames: Int = 2
        public init() {}
    }

    public let configuration: Configuration

    public init(configuration: Configuration = .init()) throws(DSPError) {
        let c = configuration
        guard c.minDuration > 0, c.maxDuration > c.minDuration else {
            throw DSPError.invalidConfiguration(parameter: "filledPause.maxDuration", value: c.maxDuration,
                                                rule: "durations must satisfy 0 < min < max")
        }
        guard c.maxPitchSD > 0 else {
            throw DSPError.invalidConfiguration(parameter: "filledPause.maxPitchSD", value: c.maxPitchSD, rule: "must be positive")
        }
        guard c.maxLoudnessSD > 0 else {
            throw DSPError.invalidConfiguration(parameter: "filledPause.maxLoudnessSD", value: c.maxLoudnessSD,
                                                rule: "must be positive")
        }
        guard c.gapFrames >= 0 else {
            throw DSPError.invalidConfiguration(parameter: "filledPause.gapFrames", value: Double(c.gapFrames),
                                                rule: "must not be negative")
        }
        self.configuration = configuration
    }

    /// Candidate filled pauses, in time order.
    ///
    /// - Parameter words: spans of words the recogniser is confident about. A candidate mostly
    ///   inside such a word is part of that word, not a hesitation, and is skipped. Pass the
    ///   spans of recognised fillers too only if they should suppress acoustic hits (the caller
    ///   usually merges instead, so that an "um" counts once).
    public func detect(in tracks: FrameTracks, excluding words: [TimeSpan] = []) -> [FilledPause] {
        let hopSeconds = Double(tracks.hop) / Double(tracks.sampleRate)
        var result: [FilledPause] = []
        for run in voicedRuns(tracks) {
            let duration = Double(run.count) * hopSeconds
            guard duration >= configuration.minDuration, duration <= configuration.maxDuration else { continue }
            let pitches = run.compactMap { tracks.f0[$0] }
            guard pitches.count >= 3 else { continue }
            let median = Statistics.median(pitches)
            let semitones = pitches.map { 12 * log2($0 / median) }
            let pitchSD = Statistics.standardDeviation(semitones)
            guard pitchSD <= configuration.maxPitchSD else { continue }
            // The first and last few frames are on/offset ramps; judge steadiness inside them.
            let interior = run.count > 6 ? Array(run.dropFirst(2).dropLast(2)) : run
            let loudnessSD = Statistics.standardDeviation(interior.map { tracks.rmsDB[$0] })
            guard loudnessSD <= configuration.maxLoudnessSD else { continue }
            let span = TimeSpan(start: tracks.time(ofFrame: run.first!) - hopSeconds / 2,
                                end: tracks.time(ofFrame: run.last!) + hopSeconds / 2)
            if words.contains(where: { Self.overlap(span, $0) > 0.5 * span.duration }) { continue }
            let isolated = silentAround(run, tracks: tracks)
            // Confidence grows with flatness and with silence on either side; duration beyond
            // the minimum adds a little. Every term is bounded, so the sum stays in 0…1.
            let flatness = 1 - pitchSD / configuration.maxPitchSD
            let steadiness = 1 - loudnessSD / configuration.maxLoudnessSD
            let length = min(1, (duration - configuration.minDuration) / configuration.minDuration)
            let confidence = 0.3 * flatness + 0.2 * steadiness + 0.2 * length + 0.15 * Double(isolated)
            result.append(FilledPause(span: span, medianHz: median, pitchSDSemitones: pitchSD,
                                      confidence: min(1, max(0, confidence))))
        }
        return result
    }

    /// Runs of voiced frames, bridging gaps of up to `gapFrames` unvoiced frames.
    private func voicedRuns(_ tracks: FrameTracks) -> [[Int]] {
        var runs: [[Int]] = []
        var current: [Int] = []
        var gap = 0
        for i in 0..<tracks.count {
            if tracks.f0[i] != nil {
                current.append(i)
                gap = 0
            } else if !current.isEmpty {
                gap += 1
                if gap > configuration.gapFrames {
                    runs.append(current)
                    current = []
                    gap = 0
                }
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// Number of sides (0, 1 or 2) of the run that meet inactive frames within 50 ms.
    private func silentAround(_ run: [Int], tracks: FrameTracks) -> Int {
        let reach = 5
        let before = (max(0, run.first! - reach)..<run.first!).contains { !tracks.active[$0] }
            || run.first! < reach
        let after = (run.last! + 1..<min(tracks.count, run.last! + 1 + reach)).contains { !tracks.active[$0] }
            || run.last! + reach >= tracks.count
        return (before ? 1 : 0) + (after ? 1 : 0)
    }

    static func overlap(_ a: TimeSpan, _ b: TimeSpan) -> Double {
        max(0, min(a.end, b.end) - max(a.start, b.start))
    }
}
