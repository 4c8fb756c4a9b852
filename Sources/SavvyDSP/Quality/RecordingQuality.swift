import Foundation

/// How trustworthy the recording is: noise, level, clipping, and the warnings they raise.
public struct RecordingQuality: Sendable, Equatable, Codable {
    /// Background level: 10th percentile of frame dB, dBFS.
    public var noiseFloorDB: Double
    /// Power mean of active frames, dBFS; `nil` without speech.
    public var speechLevelDB: Double?
    /// `speechLevelDB − noiseFloorDB`, dB; `nil` without speech.
    public var snrDB: Double?
    /// Share of samples with |x| ≥ 0.999 of full scale.
    public var clippingRatio: Double
    /// Problems found, in declaration order of ``QualityWarning``.
    public var warnings: [QualityWarning]

    public init(noiseFloorDB: Double, speechLevelDB: Double?, snrDB: Double?, clippingRatio: Double,
                warnings: [QualityWarning]) {
        self.noiseFloorDB = noiseFloorDB
        self.speechLevelDB = speechLevelDB
        self.snrDB = snrDB
        self.clippingRatio = clippingRatio
        self.warnings = warnings
    }

    /// The magnitude from which a sample counts as clipped.
    static let clipLevel: Float = 0.999

    /// Whether a sample is at full scale (|x| ≥ ``clipLevel``), for ``clippingRatio``.
    static func isClipped(_ sample: Float) -> Bool { abs(sample) >= clipLevel }

    /// - Parameters:
    ///   - clippedSamples: how many samples ``isClipped(_:)``, of `sampleCount`.
    static func make(clippedSamples: Int, sampleCount: Int, tracks: FrameTracks, activity: ActivitySummary,
                     configuration: DeliveryConfiguration) -> RecordingQuality {
        let floor = Statistics.percentile(tracks.rmsDB, 10)
        var power = 0.0
        var active = 0
        for i in 0..<tracks.count where tracks.active[i] {
            power += pow(10, tracks.rmsDB[i] / 10)
            active += 1
        }
        let speech: Double? = active > 0 ? 10 * log10(power / Double(active)) : nil
        let snr = speech.map { $0 - floor }
        let clipping = Double(clippedSamples) / Double(sampleCount)
        var warnings: [QualityWarning] = []
        if active == 0 {
            warnings.append(.noSpeech)
        } else if activity.speechSeconds < configuration.minimumSpeechSeconds {
            warnings.append(.tooLittleSpeech)
        }
        if let snr, snr < configuration.lowSNRDB { warnings.append(.lowSNR) }
        if clipping > configuration.maximumClippingRatio { warnings.append(.clipping) }
        return RecordingQuality(noiseFloorDB: floor, speechLevelDB: speech, snrDB: snr,
                                clippingRatio: clipping, warnings: warnings)
    }
}
