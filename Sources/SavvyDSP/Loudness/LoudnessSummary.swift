/// Loudness statistics from the frame RMS track (dBFS).
public struct LoudnessSummary: Sendable, Equatable, Codable {
    /// Mean frame level over voiced frames (active frames if none are voiced), dBFS.
    public var meanDB: Double
    /// Loudness range: standard deviation of frame dB over pitch-voiced frames. Voiced frames
    /// are used rather than energy-gated ones because the gate itself shrinks the spread
    /// (8.0 → 2.9 dB at 30 dB SNR on the reference set). `nil` with fewer than two.
    public var rangeDB: Double?
    /// Standard deviation of frame dB over VAD-active frames, for comparison.
    public var activeRangeDB: Double
    /// Loudest frame, dBFS.
    public var peakDB: Double

    public init(meanDB: Double, rangeDB: Double?, activeRangeDB: Double, peakDB: Double) {
        self.meanDB = meanDB
        self.rangeDB = rangeDB
        self.activeRangeDB = activeRangeDB
        self.peakDB = peakDB
    }

    /// Summary of `tracks`, or `nil` when no frame is active.
    static func make(tracks: FrameTracks) -> LoudnessSummary? {
        let active = (0..<tracks.count).filter { tracks.active[$0] }.map { tracks.rmsDB[$0] }
        guard !active.isEmpty else { return nil }
        let voiced = (0..<tracks.count).filter { tracks.isVoiced($0) }.map { tracks.rmsDB[$0] }
        return LoudnessSummary(
            meanDB: Statistics.mean(voiced.isEmpty ? active : voiced),
            rangeDB: voiced.count >= 2 ? Statistics.standardDeviation(voiced) : nil,
            activeRangeDB: Statistics.standardDeviation(active),
            peakDB: tracks.rmsDB.max() ?? RMSTrack.floorDB)
    }
}
