import SavvyCoach

/// Live pace, a filler counter and nudges from a streaming recogniser's provisional transcript.
///
/// A pure value: it is fed the latest partial hypothesis with the audio time it was seen at and
/// returns a nudge when one is due, so it can be tested on a synthetic transcript. Nothing here
/// reaches the stored numbers, which come from the finished recording.
///
/// Word times: the partial hypothesis has no word timings, so each word position is stamped
/// with the audio time at which the hypothesis first grew to include it. A recogniser revising
/// an earlier word keeps that position's stamp, so revisions never look like a burst of speech.
///
/// Pace is words (hesitations excluded) in the last `windowSeconds` per minute, shown once the
/// speech has lasted `minimumSpeechSeconds`. A pace nudge needs the pace outside the band
/// (`Bands.pace` green, 120–165 wpm) for `sustainSeconds` in a row — a stretch, not a blip. A
/// filler nudge needs `clusterCount` hesitations within `windowSeconds` (the report's cluster
/// definition). After any nudge, none for `minimumGapSeconds`.
public struct LiveNudges: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Rolling window for pace and filler clusters, seconds.
        public var windowSeconds = 10.0
        /// Speech needed before pace is shown or judged, seconds.
        public var minimumSpeechSeconds = 5.0
        /// How long the pace must stay outside the band before a nudge, seconds.
        public var sustainSeconds = 3.0
        /// Hesitations within the window that make a cluster.
        public var clusterCount = 3
        /// Quiet time after a nudge, seconds.
        public var minimumGapSeconds = 15.0
        /// The pace band in words per minute.
        public var band: ClosedRange<Double> = 120...165

        public init() {}
    }

    public let settings: Settings
    /// Hesitation tokens counted as fillers (the lexicon's `always` entries: um, uh, er, ah, hmm).
    private let hesitations: Set<String>
    private var stamps: [Double] = []
    private var tokens: [String] = []
    private var outsideSince: Double?
    private var outsideDirection: Nudge.Kind?
    private var lastNudge: Double?
    /// The most recent nudge, for display.
    public private(set) var latest: Nudge?

    public init(settings: Settings = Settings(), lexicon: FillerLexicon = .standard) {
        self.settings = settings
        hesitations = Set(lexicon.entries.filter { $0.rule == .always && $0.words.count == 1 }.map { $0.words[0] })
    }

    /// Hesitations heard so far.
    public var fillerCount: Int { tokens.filter(hesitations.contains).count }

    /// Words per minute over the window ending at `time`; `nil` until there is enough speech.
    public func wordsPerMinute(at time: Double) -> Double? {
        let words = zip(tokens, stamps).filter { !hesitations.contains($0.0) }.map(\.1)
        guard let first = words.first, time - first >= settings.minimumSpeechSeconds else { return nil }
        // Until a full window has passed, the span is from the first word (counted) to now.
        let count = words.filter { $0 > time - settings.windowSeconds && $0 <= time }.count
        return Double(count) / min(settings.windowSeconds, time - first) * 60
    }

    /// Takes the partial hypothesis as of audio time `time` (seconds); returns a new nudge, if
    /// one is due now.
    public mutating func observe(partial: String, at time: Double) -> Nudge? {
        let words = partial.lowercased().split(separator: " ").map(String.init)
        if words.count < stamps.count {
            stamps.removeLast(stamps.count - words.count)
        } else if words.count > stamps.count {
            stamps += Array(repeating: time, count: words.count - stamps.count)
        }
        tokens = words

        var due: Nudge.Kind?
        if let wpm = wordsPerMinute(at: time), !settings.band.contains(wpm) {
            let direction: Nudge.Kind = wpm > settings.band.upperBound ? .slowDown : .speedUp
            if outsideDirection != direction {
                outsideDirection = direction
                outsideSince = time
            }
            if let since = outsideSince, time - since >= settings.sustainSeconds { due = direction }
        } else {
            outsideDirection = nil
            outsideSince = nil
        }
        let recentHesitations = zip(tokens, stamps).filter { hesitations.contains($0.0) && $0.1 > time - settings.windowSeconds }.count
        if due == nil, recentHesitations >= settings.clusterCount { due = .fillers }

        guard let due else { return nil }
        if let lastNudge, time - lastNudge < settings.minimumGapSeconds { return nil }
        lastNudge = time
        // The stretch that earned this nudge is used up: a new one has to build up again.
        outsideSince = time
        let nudge = Nudge(kind: due, at: time)
        latest = nudge
        return nudge
    }
}
