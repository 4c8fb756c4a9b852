/// Parameters of ``DeliveryAnalyzer``. Defaults are the values savvy's bands were set with;
/// change them only for experiments (results are comparable only at equal settings).
public struct DeliveryConfiguration: Sendable, Equatable, Codable {
    /// Lowest F0 searched, Hz (YIN's τmax = ⌈16000 / floor⌉).
    public var pitchFloorHz: Double = 75
    /// Highest F0 searched, Hz.
    public var pitchCeilingHz: Double = 600
    /// YIN dip depth (d′) a frame must beat to be voiced; 0.35 ≈ local HNR 2.7 dB.
    public var voicingThreshold: Double = 0.35
    /// Frames more than this many dB below the loudest frames (p99) are never voiced.
    public var voicingEnergyGateDB: Double = 40
    /// Viterbi cost of an octave jump between neighbouring frames (d′ units).
    public var octaveJumpCost: Double = 0.8
    /// Viterbi preference for the higher of two octave candidates (d′ units per octave).
    public var octaveCost: Double = 0.02
    /// Viterbi cost of switching between voiced and unvoiced.
    public var voicedUnvoicedCost: Double = 0.15
    /// Shortest silent gap counted as a pause, seconds.
    public var minimumPauseSeconds: Double = 0.25
    /// Pauses at least this long are `long`, seconds.
    public var longPauseSeconds: Double = 1.0
    /// Pauses longer than this are `stall`, seconds.
    public var stallPauseSeconds: Double = 3.0
    /// Monotone span: at least this much speech (seconds) ...
    public var monotoneMinimumSpeechSeconds: Double = 30
    /// ... whose pitch SD over a rolling window of this length (seconds) ...
    public var monotoneWindowSeconds: Double = 10
    /// ... stays below this many semitones.
    public var monotoneMaximumSemitones: Double = 2
    /// Voiced frames further than this (semitones) from the median of their ±0.3 s
    /// neighbourhood are treated as octave errors and left out of the pitch SD.
    public var octaveErrorSemitones: Double = 9
    /// Warn when the estimated SNR is below this (dB).
    public var lowSNRDB: Double = 15
    /// Warn when more than this share of samples is at full scale.
    public var maximumClippingRatio: Double = 0.001
    /// Warn when the recording holds less active speech than this (seconds).
    public var minimumSpeechSeconds: Double = 3
    /// Compute Praat-compatible CPPS (the most expensive part, ≈ 80 % of the run time).
    public var computeCPPS: Bool = true

    public init() {}

    /// Throws naming the first parameter that breaks its rule.
    public func validate() throws(DSPError) {
        func require(_ ok: Bool, _ name: String, _ value: Double, _ rule: String) throws(DSPError) {
            if !ok || !value.isFinite { throw .invalidConfiguration(parameter: name, value: value, rule: rule) }
        }
        try require(pitchFloorHz >= 30, "pitchFloorHz", pitchFloorHz, "must be at least 30 Hz")
        try require(pitchCeilingHz > pitchFloorHz * 1.5, "pitchCeilingHz", pitchCeilingHz,
                    "must exceed 1.5 × pitchFloorHz (\(pitchFloorHz) Hz)")
        try require(pitchCeilingHz <= 2000, "pitchCeilingHz", pitchCeilingHz, "must be at most 2000 Hz")
        try require(voicingThreshold > 0 && voicingThreshold < 1, "voicingThreshold", voicingThreshold,
                    "must be between 0 and 1")
        try require(voicingEnergyGateDB > 0, "voicingEnergyGateDB", voicingEnergyGateDB, "must be positive")
        try require(octaveJumpCost >= 0, "octaveJumpCost", octaveJumpCost, "must not be negative")
        try require(octaveCost >= 0, "octaveCost", octaveCost, "must not be negative")
        try require(voicedUnvoicedCost >= 0, "voicedUnvoicedCost", voicedUnvoicedCost, "must not be negative")
        try require(minimumPauseSeconds > 0, "minimumPauseSeconds", minimumPauseSeconds, "must be positive")
        try require(longPauseSeconds >= minimumPauseSeconds, "longPauseSeconds", longPauseSeconds,
                    "must be at least minimumPauseSeconds (\(minimumPauseSeconds) s)")
        try require(stallPauseSeconds >= longPauseSeconds, "stallPauseSeconds", stallPauseSeconds,
                    "must be at least longPauseSeconds (\(longPauseSeconds) s)")
        try require(monotoneWindowSeconds > 0, "monotoneWindowSeconds", monotoneWindowSeconds, "must be positive")
        try require(monotoneMinimumSpeechSeconds >= monotoneWindowSeconds, "monotoneMinimumSpeechSeconds",
                    monotoneMinimumSpeechSeconds, "must be at least monotoneWindowSeconds (\(monotoneWindowSeconds) s)")
        try require(monotoneMaximumSemitones > 0, "monotoneMaximumSemitones", monotoneMaximumSemitones, "must be positive")
        try require(octaveErrorSemitones > 0, "octaveErrorSemitones", octaveErrorSemitones, "must be positive")
        try require(maximumClippingRatio >= 0 && maximumClippingRatio < 1, "maximumClippingRatio",
                    maximumClippingRatio, "must be in [0, 1)")
        try require(minimumSpeechSeconds >= 0, "minimumSpeechSeconds", minimumSpeechSeconds, "must not be negative")
        try require(lowSNRDB.isFinite, "lowSNRDB", lowSNRDB, "must be a finite number")
    }
}
