/// Energy-based speech activity with a noise-floor-relative threshold.
///
/// A frame is active when its level exceeds max(p10 + 0.35·(p99 − p10), p99 − 40 dB) of the
/// recording's own frame levels, so the decision follows the noise floor instead of a fixed
/// "−25 dB re max" rule (which stops finding pauses at ≤ 20 dB SNR). The raw decision is then
/// smoothed: inactive runs shorter than `bridgeFrames` (stop closures, short dips) become
/// active, and active runs shorter than `minimumActiveFrames` (clicks) become inactive.
struct VoiceActivityDetector {
    /// Inactive runs shorter than this (frames) are bridged (default 10 = 100 ms).
    var bridgeFrames = 10
    /// Active runs shorter than this (frames) are dropped (default 5 = 50 ms).
    var minimumActiveFrames = 5
    /// Below this p99 − p10 spread (dB) nothing is active (default 3 dB).
    var minimumDynamicRangeDB = 3.0

    /// Activity per frame and the threshold used (dBFS).
    func detect(levels: [Double]) -> (active: [Bool], thresholdDB: Double) {
        guard !levels.isEmpty else { return ([], 0) }
        let p10 = Statistics.percentile(levels, 10)
        let p99 = Statistics.percentile(levels, 99)
        let threshold = max(p10 + 0.35 * (p99 - p10), p99 - 40)
        var active = levels.map { $0 > threshold }
        // a recording at one steady level (silence, DC, stationary noise: frame levels within
        // ~1 dB) has no speech to find
        if p99 - p10 < minimumDynamicRangeDB { active = [Bool](repeating: false, count: levels.count) }
        fill(&active, value: false, shorterThan: bridgeFrames, internalOnly: true)
        fill(&active, value: true, shorterThan: minimumActiveFrames, internalOnly: false)
        return (active, threshold)
    }

    /// Flip runs of `value` shorter than `limit` frames (only runs bounded on both sides when
    /// `internalOnly`).
    private func fill(_ mask: inout [Bool], value: Bool, shorterThan limit: Int, internalOnly: Bool) {
        var i = 0
        while i < mask.count {
            guard mask[i] == value else {
                i += 1
                continue
            }
            var j = i
            while j < mask.count, mask[j] == value { j += 1 }
            let bounded = i > 0 && j < mask.count
            if j - i < limit && (bounded || !internalOnly) {
                for k in i..<j { mask[k] = !value }
            }
            i = j
        }
    }
}
