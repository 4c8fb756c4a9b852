/// Everything the deterministic delivery DSP measures on one recording.
///
/// Same samples + same ``metricsVersion`` → bit-identical value (and JSON).
public struct DeliveryAnalysis: Sendable, Equatable, Codable {
    /// Version of the algorithms and defaults behind these numbers; bump on any change that
    /// can alter a result, so stored sessions can tell which numbers are comparable.
    public static let metricsVersion = 2

    /// ``metricsVersion`` at the time of analysis (stored with the numbers).
    public var metricsVersion: Int
    /// Length of the analysed audio, seconds.
    public var durationSeconds: Double
    /// Per-frame tracks on the 10 ms grid (F0, RMS dB, activity, CPPS).
    public var tracks: FrameTracks
    /// Pitch statistics; `nil` with fewer than two voiced frames.
    public var pitch: PitchSummary?
    /// Loudness statistics; `nil` without active speech.
    public var loudness: LoudnessSummary?
    /// Praat-compatible CPPS; `nil` when disabled or the audio is shorter than 0.1 s.
    public var voice: VoiceQualitySummary?
    /// Speech activity, segments and pauses (present even without speech).
    public var activity: ActivitySummary
    /// Recording quality and warnings.
    public var quality: RecordingQuality

    public init(metricsVersion: Int = DeliveryAnalysis.metricsVersion, durationSeconds: Double,
                tracks: FrameTracks, pitch: PitchSummary?, loudness: LoudnessSummary?,
                voice: VoiceQualitySummary?, activity: ActivitySummary, quality: RecordingQuality) {
        self.metricsVersion = metricsVersion
        self.durationSeconds = durationSeconds
        self.tracks = tracks
        self.pitch = pitch
        self.loudness = loudness
        self.voice = voice
        self.activity = activity
        self.quality = quality
    }
}
