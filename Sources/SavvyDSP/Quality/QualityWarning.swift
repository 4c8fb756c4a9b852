/// A reason to distrust the delivery numbers of a recording.
public enum QualityWarning: String, Sendable, Equatable, Codable, CaseIterable {
    /// No speech was detected at all (silence, DC or steady noise).
    case noSpeech
    /// Less active speech than the configured minimum (default 3 s).
    case tooLittleSpeech
    /// Estimated SNR below the configured bound (default 15 dB): pitch and CPPS degrade.
    case lowSNR
    /// More samples at full scale than the configured ratio (default 0.1 %).
    case clipping

    /// One lower-case line for the report, saying what to do.
    public var advice: String {
        switch self {
        case .noSpeech: return "no speech detected; check the microphone and record again"
        case .tooLittleSpeech: return "very little speech; record a longer answer for stable numbers"
        case .lowSNR: return "background noise is high; record in a quieter place or closer to the microphone"
        case .clipping: return "the recording clips; lower the input gain or move away from the microphone"
        }
    }
}
