/// Speech activity, speech segments and pauses from the adaptive VAD.
public struct ActivitySummary: Sendable, Equatable, Codable {
    /// Active frames ÷ all frames.
    public var speechRatio: Double
    /// Active speech time, seconds (sum of `segments`).
    public var speechSeconds: Double
    /// VAD threshold that was applied, dBFS.
    public var thresholdDB: Double
    /// Stretches of speech, seconds, in time order.
    public var segments: [TimeSpan]
    /// Silent gaps inside the speech at least the minimum pause long (default 250 ms).
    public var pauses: [Pause]
    /// Number of pauses per ``Pause/Kind``.
    public var normalPauses: Int
    public var longPauses: Int
    public var stalls: Int
    /// Total pause time, seconds.
    public var pauseSeconds: Double

    public init(speechRatio: Double, speechSeconds: Double, thresholdDB: Double, segments: [TimeSpan],
                pauses: [Pause]) {
        self.speechRatio = speechRatio
        self.speechSeconds = speechSeconds
        self.thresholdDB = thresholdDB
        self.segments = segments
        self.pauses = pauses
        normalPauses = pauses.filter { $0.kind == .normal }.count
        longPauses = pauses.filter { $0.kind == .long }.count
        stalls = pauses.filter { $0.kind == .stall }.count
        var total = 0.0
        for p in pauses { total += p.durationSeconds }
        pauseSeconds = total
    }

    /// Segments and pauses from the frame activity mask.
    ///
    /// Frame runs become times on the assumption that a frame is active when any part of its
    /// 25 ms window holds speech: a silence spans from about half a hop before its first
    /// inactive frame's window start to half a hop after its last inactive frame's window end.
    static func make(tracks: FrameTracks, sampleCount: Int, thresholdDB: Double,
                     configuration: DeliveryConfiguration) -> ActivitySummary {
        let rate = Double(tracks.sampleRate)
        let hop = Double(tracks.hop), window = Double(tracks.frameLength)
        let duration = Double(sampleCount) / rate
        func clamp(_ t: Double) -> Double { min(duration, max(0, t)) }
        var segments: [TimeSpan] = []
        var pauses: [Pause] = []
        var activeFrames = 0
        var i = 0
        let n = tracks.count
        while i < n {
            var j = i
            while j < n, tracks.active[j] == tracks.active[i] { j += 1 }
            if tracks.active[i] {
                activeFrames += j - i
                let start = i == 0 ? 0 : clamp((Double(i) * hop + window - hop / 2) / rate)
                let end = j == n ? duration : clamp((Double(j) * hop - hop / 2) / rate)
                if end > start { segments.append(TimeSpan(start: start, end: end)) }
            } else if i > 0 && j < n {
                let start = clamp((Double(i) * hop - hop / 2) / rate)
                let end = clamp((Double(j - 1) * hop + window + hop / 2) / rate)
                let length = end - start
                if length >= configuration.minimumPauseSeconds {
                    let kind: Pause.Kind = length > configuration.stallPauseSeconds ? .stall
                        : length >= configuration.longPauseSeconds ? .long : .normal
                    pauses.append(Pause(start: start, end: end, kind: kind))
                }
            }
            i = j
        }
        var speech = 0.0
        for s in segments { speech += s.duration }
        return ActivitySummary(speechRatio: n > 0 ? Double(activeFrames) / Double(n) : 0,
                               speechSeconds: speech, thresholdDB: thresholdDB, segments: segments,
                               pauses: pauses)
    }
}
