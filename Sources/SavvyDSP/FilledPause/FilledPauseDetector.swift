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

    public init(span: TimeSpan, medianHz: Double, pitchSDSemitones: Double, confidence: Double) {
        self.span = span
        self.medianHz = medianHz
        self.pitchSDSemitones = pitchSDSemitones
        self.confidence = confidence
    }
}

/// Finds filled pauses from the frame tracks, independently of any speech recogniser.
///
/// ASR engines drop "um" and "uh" (Whisper unless prompted; pocketsphinx has no filler phones),
/// so a second, acoustic source catches what they miss. A filled pause is one held vowel (or
/// vowel + nasal): the articulators stop moving while the speaker plans, so for a fifth of a
/// second or more the voice holds still — pitch level or slowly falling near the speaker's
/// baseline, loudness steady (Shriberg 2001; Clark & Fox Tree 2002 report typical "uh"/"um"
/// vowels of 0.2–0.6 s). Fluent speech never holds that still that long: every syllable moves
/// pitch or loudness within ≈0.1–0.2 s, and a lengthened phrase-final vowel falls in pitch.
///
/// The detector therefore looks for *steady stretches* rather than whole voiced runs (in real
/// speech voicing runs through several words, and a hesitation is often glued to the word
/// before it: "and-um"): within each voiced run it grows a stretch frame by frame while the
/// frame's pitch stays within `pitchTolerance` semitones of the stretch's median and its level
/// within `loudnessTolerance` dB of the stretch's median level, and closes it at the first frame
/// that leaves; a closed stretch is a candidate when it lasts `minDuration…maxDuration`, its
/// pitch spread and slope are small and its interior loudness is steady or changes steadily
/// (an "um" fades into its nasal).
///
/// It sees pitch and loudness only, not formants: a held voiced consonant or a long stressed
/// vowel inside a word looks the same, so the caller must drop candidates that a confidently
/// recognised word covers. Deterministic, and costs almost nothing beyond the analysis that
/// produced the tracks.
public struct FilledPauseDetector: Sendable {
    public struct Configuration: Sendable, Equatable {
        /// Shortest steady stretch, seconds: longer than an ordinary vowel (≈0.05–0.15 s).
        public var minDuration: Double = 0.2
        /// Longest steady stretch, seconds: beyond this it is a held note or a hum, not a
        /// hesitation vowel.
        public var maxDuration: Double = 1.0
        /// A frame joins the stretch while its pitch is within this many semitones of the
        /// stretch's median.
        public var pitchTolerance: Double = 1.0
        /// A frame joins the stretch while its level is within this many dB of the stretch's
        /// median level (a consonant or a new syllable leaves it).
        public var loudnessTolerance: Double = 6.0
        /// Largest pitch SD over the stretch, semitones.
        public var maxPitchSD: Double = 0.6
        /// Largest pitch slope over the stretch, semitones per second (a least-squares line):
        /// filled pauses are level or drift slowly; intonation and final lengthening move faster.
        public var maxPitchSlope: Double = 3.0
        /// Largest SD of frame loudness over the stretch's interior about its least-squares line,
        /// dB. About the line, not the mean: a real "um" fades steadily as the mouth closes from
        /// the vowel to the nasal (AMI meeting speech: 10 dB over 0.55 s), which is no syllable
        /// beat; fluent speech rises and falls within 0.1–0.2 s, which the line cannot follow.
        public var maxLoudnessSD: Double = 2.5
        /// Frames of unvoiced gap tolerated inside a voiced run (pitch trackers drop single frames).
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
        let positive: [(String, Double)] = [
            ("filledPause.pitchTolerance", c.pitchTolerance), ("filledPause.loudnessTolerance", c.loudnessTolerance),
            ("filledPause.maxPitchSD", c.maxPitchSD), ("filledPause.maxPitchSlope", c.maxPitchSlope),
            ("filledPause.maxLoudnessSD", c.maxLoudnessSD),
        ]
        for (name, value) in positive where !(value > 0) {
            throw DSPError.invalidConfiguration(parameter: name, value: value, rule: "must be positive")
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
        var result: [FilledPause] = []
        for run in voicedRuns(tracks) {
            for stretch in steadyStretches(in: run, tracks: tracks) {
                guard let candidate = judge(stretch, tracks: tracks) else { continue }
                if words.contains(where: { Self.overlap(candidate.span, $0) > 0.5 * candidate.span.duration }) { continue }
                result.append(candidate)
            }
        }
        return result
    }

    /// Splits a voiced run into stretches over which pitch and level stay near their medians.
    /// Bridged unvoiced frames stay inside a stretch but do not vote; a stretch never ends on one.
    private func steadyStretches(in run: [Int], tracks: FrameTracks) -> [[Int]] {
        var stretches: [[Int]] = []
        var current: [Int] = []
        var pitches: [Double] = []
        var levels: [Double] = []
        func close() {
            while let last = current.last, tracks.f0[last] == nil { current.removeLast() }
            if !current.isEmpty { stretches.append(current) }
            current = []
            pitches = []
            levels = []
        }
        for frame in run {
            guard let f0 = tracks.f0[frame] else {
                if !current.isEmpty { current.append(frame) }
                continue
            }
            let semitones = 12 * log2(f0)
            let level = tracks.rmsDB[frame]
            if !pitches.isEmpty,
               abs(semitones - Statistics.median(pitches)) > configuration.pitchTolerance
                || abs(level - Statistics.median(levels)) > configuration.loudnessTolerance {
                close()
            }
            current.append(frame)
            pitches.append(semitones)
            levels.append(level)
        }
        close()
        return stretches
    }

    /// The stretch as a filled pause, or nil when it is too short, too long, moves in pitch or
    /// wavers in loudness.
    private func judge(_ stretch: [Int], tracks: FrameTracks) -> FilledPause? {
        let hopSeconds = Double(tracks.hop) / Double(tracks.sampleRate)
        let duration = Double(stretch.count) * hopSeconds
        guard duration >= configuration.minDuration, duration <= configuration.maxDuration else { return nil }
        let voiced = stretch.compactMap { frame in tracks.f0[frame].map { (frame, $0) } }
        guard voiced.count >= 3 else { return nil }
        let median = Statistics.median(voiced.map(\.1))
        let semitones = voiced.map { 12 * log2($0.1 / median) }
        let pitchSD = Statistics.standardDeviation(semitones)
        guard pitchSD <= configuration.maxPitchSD else { return nil }
        let slope = Self.slope(x: voiced.map { Double($0.0 - stretch[0]) * hopSeconds }, y: semitones)
        guard abs(slope) <= configuration.maxPitchSlope else { return nil }
        // The first and last few frames are on/offset ramps; judge steadiness inside them.
        let interior = stretch.count > 6 ? Array(stretch.dropFirst(2).dropLast(2)) : stretch
        let loudnessSD = Self.residualSD(x: interior.map(Double.init), y: interior.map { tracks.rmsDB[$0] })
        guard loudnessSD <= configuration.maxLoudnessSD else { return nil }
        let span = TimeSpan(start: tracks.time(ofFrame: stretch.first!) - hopSeconds / 2,
                            end: tracks.time(ofFrame: stretch.last!) + hopSeconds / 2)
        // Confidence grows with flatness, steadiness, length beyond the minimum and silence on
        // either side. Every term is bounded, so the sum stays in 0…1.
        let flatness = 1 - pitchSD / configuration.maxPitchSD
        let level = 1 - abs(slope) / configuration.maxPitchSlope
        let steadiness = 1 - loudnessSD / configuration.maxLoudnessSD
        let length = min(1, (duration - configuration.minDuration) / configuration.minDuration)
        let isolated = Double(silentAround(stretch, tracks: tracks)) / 2
        let confidence = 0.25 * flatness + 0.15 * level + 0.2 * steadiness + 0.2 * length + 0.2 * isolated
        return FilledPause(span: span, medianHz: median, pitchSDSemitones: pitchSD,
                           confidence: min(1, max(0, confidence)))
    }

    /// Least-squares slope of `y` over `x`; 0 when `x` does not vary.
    static func slope(x: [Double], y: [Double]) -> Double {
        let mx = Statistics.mean(x)
        let my = Statistics.mean(y)
        var sxy = 0.0
        var sxx = 0.0
        for (a, b) in zip(x, y) {
            sxy += (a - mx) * (b - my)
            sxx += (a - mx) * (a - mx)
        }
        return sxx > 0 ? sxy / sxx : 0
    }

    /// Standard deviation of `y` about its least-squares line over `x` (population, like
    /// `Statistics.standardDeviation`); about the mean when `x` does not vary.
    static func residualSD(x: [Double], y: [Double]) -> Double {
        let b = slope(x: x, y: y)
        let mx = Statistics.mean(x)
        let my = Statistics.mean(y)
        return Statistics.standardDeviation(zip(x, y).map { $1 - (my + b * ($0 - mx)) })
    }

    /// Runs of voiced frames, bridging gaps of up to `gapFrames` unvoiced frames.
    private func voicedRuns(_ tracks: FrameTracks) -> [[Int]] {
        var runs: [[Int]] = []
        var current: [Int] = []
        var gap = 0
        for i in 0..<tracks.count {
            if tracks.f0[i] != nil {
                current.append(contentsOf: (current.last.map { $0 + 1 } ?? i)..<i)
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

    /// Number of sides (0, 1 or 2) of the stretch that meet inactive frames within 50 ms.
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
