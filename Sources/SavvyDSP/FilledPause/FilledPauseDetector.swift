import Foundation

/// A hesitation vowel ("um", "uh", "er") found in the audio itself.
public struct FilledPause: Sendable, Equatable, Codable {
    public var span: TimeSpan
    /// Median F0 of the segment in Hz.
    public var medianHz: Double
    /// Pitch spread over the segment about its straight-line trend, semitones (small: a held voice).
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
/// so a second, acoustic source catches what they miss. A filled pause is one held syllable: a
/// vowel, and for "um" a nasal after it. The articulators stop moving while the speaker plans,
/// so for a fifth of a second or more the voice holds still: pitch level or drifting slowly
/// down in the speaker's low range, loudness steady, then (for "um") one step down as the lips
/// close into the nasal (Shriberg 2001; O'Shaughnessy 1992; Clark & Fox Tree 2002 report typical
/// "uh"/"um" of 0.2–0.9 s). Fluent speech never holds that still that long: every syllable
/// starts with a rise in loudness within ≈0.1–0.2 s, and a lengthened phrase-final vowel falls
/// in pitch faster than a hesitation drifts.
///
/// The detector therefore looks for *held stretches* rather than whole voiced runs (in real
/// speech voicing runs through several words, and a hesitation is often glued to the word
/// before it: "and-um"). Within each voiced run it grows a stretch frame by frame while
///  * the frame's pitch stays within `pitchTolerance` semitones of the median of the last
///    `pitchWindow` voiced frames: a continuous contour, so a slow drift stays one stretch
///    (issue 9: on real voices a hesitation drifting down 1–3 semitones was cut in pieces when
///    every frame was held to the stretch's median), while a jump to a new syllable ends it;
///  * the level has not risen more than `loudnessRise` dB above its lowest point since the
///    onset: one syllable has one loudness peak, and a rise after a dip is the next syllable.
///    A fall is allowed, so the nasal of "um" (8–15 dB under its vowel) stays in the stretch.
/// A closed stretch is a candidate when it lasts `minDuration…maxDuration`, is mostly voiced,
/// its pitch follows a straight line closely (`maxPitchSD` about the line) whose slope is
/// between −`maxPitchFall` and +`maxPitchRise` semitones a second, and its vowel (the frames
/// within `heldRange` dB of its loud level) lasts `minVowelDuration` and is steady about a
/// straight line (`maxLoudnessSD`).
///
/// It sees pitch and loudness only, not formants: a held voiced consonant or a long stressed
/// vowel inside a word looks the same, so the caller must drop candidates that a confidently
/// recognised word covers. Deterministic, and costs almost nothing beyond the analysis that
/// produced the tracks.
public struct FilledPauseDetector: Sendable {
    public struct Configuration: Sendable, Equatable {
        /// Shortest held stretch, seconds: longer than an ordinary vowel (≈0.05–0.15 s).
        public var minDuration: Double = 0.2
        /// Longest held stretch, seconds: beyond this it is a held note or a hum, not a
        /// hesitation.
        public var maxDuration: Double = 1.0
        /// A frame continues the stretch while its pitch is within this many semitones of the
        /// median of the last `pitchWindow` voiced frames.
        public var pitchTolerance: Double = 0.5
        /// Voiced frames the running pitch median looks back over: 50 ms, long enough to ride
        /// out a pitch tracker's single-frame error, short enough to follow a slow drift.
        public var pitchWindow: Int = 5
        /// The stretch ends when the level rises this many dB above its lowest point since the
        /// onset: a new syllable. Frame levels jitter by ≈1 dB; a syllable onset rises 6 dB or more.
        public var loudnessRise: Double = 4.0
        /// Largest pitch SD about the stretch's least-squares line, semitones: a held voice
        /// follows a smooth contour; fluent speech wiggles around any line.
        public var maxPitchSD: Double = 0.45
        /// Fastest pitch fall, semitones per second: a hesitation drifts down slowly (up to
        /// ≈4 st/s); a phrase-final lengthened vowel falls faster.
        public var maxPitchFall: Double = 6.0
        /// Fastest pitch rise, semitones per second: hesitations do not rise; a little tracker
        /// drift and a level synthetic voice's slight rise are allowed.
        public var maxPitchRise: Double = 3.0
        /// The held vowel: frames within this many dB of the stretch's loud level (its 90th
        /// percentile). The nasal of "um" lies below it.
        public var heldRange: Double = 6.0
        /// Shortest held vowel, seconds: an "um" may be half nasal, but its vowel is held too.
        public var minVowelDuration: Double = 0.15
        /// Largest SD of the vowel's frame loudness about its least-squares line, dB. About the
        /// line, not the mean: a real "uh" may fade steadily (AMI meeting speech: 10 dB over
        /// 0.55 s), which is no syllable beat; fluent speech rises and falls within 0.1–0.2 s,
        /// which the line cannot follow.
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
            ("filledPause.pitchTolerance", c.pitchTolerance), ("filledPause.loudnessRise", c.loudnessRise),
            ("filledPause.maxPitchSD", c.maxPitchSD), ("filledPause.maxPitchFall", c.maxPitchFall),
            ("filledPause.maxPitchRise", c.maxPitchRise), ("filledPause.heldRange", c.heldRange),
            ("filledPause.minVowelDuration", c.minVowelDuration), ("filledPause.maxLoudnessSD", c.maxLoudnessSD),
            ("filledPause.pitchWindow", Double(c.pitchWindow)),
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
            for stretch in heldStretches(in: run, tracks: tracks) {
                guard let candidate = judge(stretch, tracks: tracks) else { continue }
                if words.contains(where: { Self.overlap(candidate.span, $0) > 0.5 * candidate.span.duration }) { continue }
                result.append(candidate)
            }
        }
        return result
    }

    /// Frames of a stretch's onset, where the level is still rising to its peak; the
    /// lowest-level-since-onset starts after them.
    private static let onsetFrames = 4

    /// Splits a voiced run into held stretches (see the type's comment). Bridged unvoiced frames
    /// stay inside a stretch but do not vote; a stretch never ends on one.
    private func heldStretches(in run: [Int], tracks: FrameTracks) -> [[Int]] {
        var stretches: [[Int]] = []
        var current: [Int] = []
        var pitches: [Double] = []
        var lowest: Double?
        func close() {
            while let last = current.last, tracks.f0[last] == nil { current.removeLast() }
            if !current.isEmpty { stretches.append(current) }
            current = []
            pitches = []
            lowest = nil
        }
        for frame in run {
            guard let f0 = tracks.f0[frame] else {
                if !current.isEmpty { current.append(frame) }
                continue
            }
            let semitones = 12 * log2(f0)
            let level = tracks.rmsDB[frame]
            if !pitches.isEmpty {
                let recent = Statistics.median(Array(pitches.suffix(configuration.pitchWindow)))
                let jumped = abs(semitones - recent) > configuration.pitchTolerance
                let rose = lowest.map { level - $0 > configuration.loudnessRise } ?? false
                if jumped || rose { close() }
            }
            current.append(frame)
            pitches.append(semitones)
            if pitches.count > Self.onsetFrames { lowest = min(lowest ?? level, level) }
        }
        close()
        return stretches
    }

    /// The stretch as a filled pause, or nil when it is too short or too long, not voiced
    /// through, moves in pitch, or its vowel wavers in loudness.
    private func judge(_ stretch: [Int], tracks: FrameTracks) -> FilledPause? {
        let hopSeconds = Double(tracks.hop) / Double(tracks.sampleRate)
        let duration = Double(stretch.count) * hopSeconds
        guard duration >= configuration.minDuration - 1e-9, duration <= configuration.maxDuration else { return nil }
        let voiced = stretch.compactMap { frame in tracks.f0[frame].map { (frame, $0) } }
        // Bridged dropouts may not make up most of it: then it is not one held voice.
        guard voiced.count >= 3, Double(voiced.count) >= 0.7 * Double(stretch.count) else { return nil }
        let median = Statistics.median(voiced.map(\.1))
        let semitones = voiced.map { 12 * log2($0.1 / median) }
        let times = voiced.map { Double($0.0 - stretch[0]) * hopSeconds }
        let pitchSD = Self.residualSD(x: times, y: semitones)
        guard pitchSD <= configuration.maxPitchSD else { return nil }
        let slope = Self.slope(x: times, y: semitones)
        guard slope >= -configuration.maxPitchFall, slope <= configuration.maxPitchRise else { return nil }
        let levels = stretch.map { tracks.rmsDB[$0] }.sorted()
        let loud = levels[Int(0.9 * Double(levels.count - 1))]
        let vowel = stretch.filter { tracks.rmsDB[$0] >= loud - configuration.heldRange }
        guard Double(vowel.count) * hopSeconds >= configuration.minVowelDuration - 1e-9 else { return nil }
        // The vowel's first and last frames are on/offset ramps; judge steadiness inside them.
        let interior = vowel.count > 4 ? Array(vowel.dropFirst().dropLast()) : vowel
        let loudnessSD = Self.residualSD(x: interior.map(Double.init), y: interior.map { tracks.rmsDB[$0] })
        guard loudnessSD <= configuration.maxLoudnessSD else { return nil }
        let span = TimeSpan(start: tracks.time(ofFrame: stretch.first!) - hopSeconds / 2,
                            end: tracks.time(ofFrame: stretch.last!) + hopSeconds / 2)
        // Confidence grows with smoothness, a level contour, steadiness, length beyond the
        // minimum and silence on either side. Every term is bounded, so the sum stays in 0…1.
        let smoothness = 1 - pitchSD / configuration.maxPitchSD
        let level = 1 - min(1, abs(slope) / configuration.maxPitchFall)
        let steadiness = 1 - loudnessSD / configuration.maxLoudnessSD
        let length = min(1, (duration - configuration.minDuration) / configuration.minDuration)
        let isolated = Double(silentAround(stretch, tracks: tracks)) / 2
        let confidence = 0.25 * smoothness + 0.15 * level + 0.2 * steadiness + 0.2 * length + 0.2 * isolated
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
