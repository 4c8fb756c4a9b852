import Foundation

/// Pitch (F0) statistics over the voiced frames of a recording.
public struct PitchSummary: Sendable, Equatable, Codable {
    /// Median F0 of all voiced frames, Hz.
    public var medianHz: Double
    /// Standard deviation of F0 in semitones re the median (12·log₂(f / median)) over voiced
    /// frames, octave errors excluded — savvy's "pitch variety" (≥ 3.5 expressive, < 2 flat).
    public var sdSemitones: Double
    /// 5th-to-95th percentile F0 range in semitones (same frames as `sdSemitones`).
    public var rangeSemitones: Double
    /// Number of voiced 10 ms frames.
    public var voicedFrames: Int
    /// Voiced frames ÷ all frames.
    public var voicedRatio: Double
    /// Voiced frames left out of the SD as probable octave errors (further than the configured
    /// bound, default 9 semitones, from the median of their ±0.3 s neighbourhood).
    public var octaveErrorFrames: Int
    /// Stretches with at least 30 s of speech during which the pitch SD over a rolling 10 s
    /// window stays below 2 semitones (defaults), in seconds.
    public var monotoneSpans: [TimeSpan]

    public init(medianHz: Double, sdSemitones: Double, rangeSemitones: Double, voicedFrames: Int,
                voicedRatio: Double, octaveErrorFrames: Int, monotoneSpans: [TimeSpan]) {
        self.medianHz = medianHz
        self.sdSemitones = sdSemitones
        self.rangeSemitones = rangeSemitones
        self.voicedFrames = voicedFrames
        self.voicedRatio = voicedRatio
        self.octaveErrorFrames = octaveErrorFrames
        self.monotoneSpans = monotoneSpans
    }

    /// Summary of `tracks`, or `nil` with fewer than two voiced frames.
    static func make(tracks: FrameTracks, configuration: DeliveryConfiguration) -> PitchSummary? {
        let voiced = tracks.f0.compactMap { $0 }
        guard voiced.count >= 2 else { return nil }
        let median = Statistics.median(voiced)
        let semitones = rejectOctaveErrors(tracks.f0, median: median, tracks: tracks,
                                           bound: configuration.octaveErrorSemitones)
        let kept = semitones.compactMap { $0 }
        guard kept.count >= 2 else { return nil }
        let spans = monotoneSpans(semitones: semitones, tracks: tracks, configuration: configuration)
        return PitchSummary(
            medianHz: median,
            sdSemitones: Statistics.standardDeviation(kept),
            rangeSemitones: Statistics.percentile(kept, 95) - Statistics.percentile(kept, 5),
            voicedFrames: voiced.count,
            voicedRatio: Double(voiced.count) / Double(tracks.count),
            octaveErrorFrames: voiced.count - kept.count,
            monotoneSpans: spans)
    }

    /// Semitones re `median` per frame; `nil` where unvoiced or where the frame sits further
    /// than `bound` semitones from the median of the voiced frames within ±0.3 s — an octave
    /// jump against its own neighbourhood. A local reference (not the global median) keeps
    /// genuinely wide intonation while still catching isolated halving/doubling.
    ///
    /// The neighbourhood's values are kept sorted as the window slides (one frame in, one out),
    /// so each median is read off, not selected anew from 61 values: this ran after the
    /// parallel passes, on one thread, and was half of what `analyze` did there. The median is
    /// ``Statistics/percentile(sorted:_:)``'s, the same arithmetic on the same two order
    /// statistics as ``Statistics/median(_:)``, so the result is the same, bit for bit.
    static func rejectOctaveErrors(_ f0: [Double?], median: Double, tracks: FrameTracks,
                                   bound: Double) -> [Double?] {
        let all: [Double?] = f0.map { f in f.map { 12 * log2($0 / median) } }
        let reach = Int((0.3 * Double(tracks.sampleRate) / Double(tracks.hop)).rounded())
        var window: [Double] = []
        window.reserveCapacity(2 * reach + 2)
        /// First index whose value is above `value` (`orEqual`: not below it).
        func position(of value: Double, orEqual: Bool) -> Int {
            var low = 0, high = window.count
            while low < high {
                let middle = (low + high) / 2
                if window[middle] < value || (!orEqual && window[middle] == value) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var added = 0  // frames 0 ..< added have entered the window
        var removed = 0  // frames 0 ..< removed have left it
        return all.indices.map { i in
            while added <= min(all.count - 1, i + reach) {
                if let value = all[added] { window.insert(value, at: position(of: value, orEqual: false)) }
                added += 1
            }
            while removed < i - reach {
                if let value = all[removed] { window.remove(at: position(of: value, orEqual: true)) }
                removed += 1
            }
            guard let st = all[i] else { return nil }
            return abs(st - Statistics.percentile(sorted: window, 50)) < bound ? st : nil
        }
    }

    /// Runs of frames whose centred rolling-window pitch SD is below the bound, kept when the
    /// run holds enough active speech. Windows with fewer than 1 s of voiced frames are not
    /// judged (too little evidence either way) and break a run.
    private static func monotoneSpans(semitones: [Double?], tracks: FrameTracks,
                                      configuration: DeliveryConfiguration) -> [TimeSpan] {
        let n = semitones.count
        let frameSeconds = Double(tracks.hop) / Double(tracks.sampleRate)
        let half = Int((configuration.monotoneWindowSeconds / 2 / frameSeconds).rounded())
        let minimumVoiced = Int((1.0 / frameSeconds).rounded())
        // prefix sums over frames (fixed order, so deterministic)
        var count = [Int](repeating: 0, count: n + 1)
        var sum = [Double](repeating: 0, count: n + 1)
        var sumSquares = [Double](repeating: 0, count: n + 1)
        for i in 0..<n {
            let st = semitones[i]
            count[i + 1] = count[i] + (st == nil ? 0 : 1)
            sum[i + 1] = sum[i] + (st ?? 0)
            sumSquares[i + 1] = sumSquares[i] + (st ?? 0) * (st ?? 0)
        }
        var flat = [Bool](repeating: false, count: n)
        for i in 0..<n {
            let lo = max(0, i - half), hi = min(n, i + half + 1)
            let c = count[hi] - count[lo]
            guard c >= minimumVoiced else { continue }
            let mean = (sum[hi] - sum[lo]) / Double(c)
            let variance = max(0, (sumSquares[hi] - sumSquares[lo]) / Double(c) - mean * mean)
            flat[i] = variance.squareRoot() < configuration.monotoneMaximumSemitones
        }
        var spans: [TimeSpan] = []
        var i = 0
        while i < n {
            guard flat[i] else {
                i += 1
                continue
            }
            var j = i
            var speechFrames = 0
            while j < n, flat[j] {
                if tracks.active[j] { speechFrames += 1 }
                j += 1
            }
            if Double(speechFrames) * frameSeconds >= configuration.monotoneMinimumSpeechSeconds {
                let start = Double(i * tracks.hop) / Double(tracks.sampleRate)
                let end = Double((j - 1) * tracks.hop + tracks.frameLength) / Double(tracks.sampleRate)
                spans.append(TimeSpan(start: start, end: end))
            }
            i = j
        }
        return spans
    }
}
