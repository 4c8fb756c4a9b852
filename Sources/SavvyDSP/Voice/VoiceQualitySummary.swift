/// Voice quality as Praat-compatible CPPS (see ``CPPSAnalyzer`` for the exact recipe).
///
/// A personal trend, never a diagnosis. Published dysphonia cut-offs for this recipe
/// (Murton et al. 2020): connected speech below ≈ 9.3 dB, sustained vowels below ≈ 14.5 dB.
public struct VoiceQualitySummary: Sendable, Equatable, Codable {
    /// Mean CPPS over all 2 ms frames, dB — the number Praat's `Get CPPS` reports.
    public var cppsDB: Double
    /// Mean CPPS over frames that the pitch tracker calls voiced, dB; less sensitive to how
    /// much of the recording is pause. `nil` when nothing is voiced.
    public var cppsVoicedDB: Double?
    /// Number of 2 ms CPPS frames.
    public var frames: Int

    public init(cppsDB: Double, cppsVoicedDB: Double?, frames: Int) {
        self.cppsDB = cppsDB
        self.cppsVoicedDB = cppsVoicedDB
        self.frames = frames
    }
}
