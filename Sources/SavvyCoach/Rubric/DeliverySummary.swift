/// The delivery numbers the rubric reads, decoupled from how DSP and ASR compute them.
///
/// The CLI fills this from the real metrics; keeping it a plain value lets the rubric, its tests
/// and the LLM cache key stay stable while the metric engine evolves.
public struct DeliverySummary: Sendable, Equatable, Codable {
    /// Length of the recording in seconds.
    public var durationSeconds: Double
    /// Seconds from the first to the last word.
    public var speakingSeconds: Double
    /// Words the ASR heard, fillers included.
    public var wordCount: Int
    /// Words per minute over the speaking span.
    public var wpm: Double
    /// Words per minute with pauses removed.
    public var articulationRate: Double
    public var fillerCount: Int
    public var fillersPerMinute: Double
    /// Start time in seconds of each filler, ascending.
    public var fillerTimes: [Double]
    /// Silent gaps of at least 250 ms.
    public var pauseCount: Int
    /// Gaps of 1–3 s.
    public var longPauseCount: Int
    /// Gaps over 3 s.
    public var stallCount: Int
    /// SD of F0 in semitones re the speaker's median; nil when too little voicing.
    public var pitchSDSemitones: Double?
    /// SD of frame RMS in dB over speech frames; nil when no speech frames.
    public var loudnessRangeDB: Double?
    /// Mean CPPS in dB over voiced frames; a trend only, never scored.
    public var cppsDB: Double?
    /// Speech (voiced or VAD-active) frames ÷ all frames, 0–1.
    public var speechRatio: Double
    /// 0–100 from ASR word confidences; nil when the engine gives none.
    public var pronunciation: Double?
    /// Stretches of at least 10 s with pitch SD under the flat band.
    public var monotoneSpanCount: Int

    public init(
        durationSeconds: Double, speakingSeconds: Double, wordCount: Int, wpm: Double, articulationRate: Double,
        fillerCount: Int, fillersPerMinute: Double, fillerTimes: [Double], pauseCount: Int, longPauseCount: Int,
        stallCount: Int, pitchSDSemitones: Double?, loudnessRangeDB: Double?, cppsDB: Double?, speechRatio: Double,
        pronunciation: Double?, monotoneSpanCount: Int
    ) {
        self.durationSeconds = durationSeconds
        self.speakingSeconds = speakingSeconds
        self.wordCount = wordCount
        self.wpm = wpm
        self.articulationRate = articulationRate
        self.fillerCount = fillerCount
        self.fillersPerMinute = fillersPerMinute
        self.fillerTimes = fillerTimes
        self.pauseCount = pauseCount
        self.longPauseCount = longPauseCount
        self.stallCount = stallCount
        self.pitchSDSemitones = pitchSDSemitones
        self.loudnessRangeDB = loudnessRangeDB
        self.cppsDB = cppsDB
        self.speechRatio = speechRatio
        self.pronunciation = pronunciation
        self.monotoneSpanCount = monotoneSpanCount
    }
}
