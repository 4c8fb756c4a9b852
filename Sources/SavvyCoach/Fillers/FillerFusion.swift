import SavvyDSP

/// Merges filler evidence from every source a scoring has, by time, so each hesitation counts once.
///
/// No single source finds the hesitations of real speakers. Whisper without a prompt writes the
/// words reliably but drops most "um"/"uh"; with the short verbatim prompt it keeps far more of
/// them but may lose other words; pocketsphinx writes them only through its filler language
/// model; and every recogniser misses a hesitation it heard as silence or noise, which the
/// acoustic filled-pause detector can still hear. The sources are taken in order of trust:
/// 1. fillers in the transcript's words (every lexicon rule applies: "so", "like" by position);
/// 2. hesitation words ("um", "uh": the lexicon's `always` phrases) in the verbatim decode that no
///    earlier filler already accounts for — discourse words are not taken from it, because the
///    prompt itself says "like";
/// 3. acoustic filled pauses that no filler so far accounts for and that no confidently
///    recognised word of either decode covers (that vowel belongs to the word).
///
/// Two hits of different sources are one filler when their spans overlap, when their midpoints
/// are within `sameFillerSeconds`, or when they are within `sameGapSeconds` with no confidently
/// recognised word between them: Whisper times its hesitation words badly (often a zero-length
/// "Um," up to half a second after the sound, at the next word's start). The matching is one to
/// one: a filler absorbs at most one hit of each other source, the nearest, and two hits of the
/// same source are never one filler — a decode that wrote "Um, uh," heard two hesitations, and
/// real speakers do chain them (issue 9: merging by gap alone lost them). The one exception is
/// the detector's own pieces of one sound: an acoustic hit that touches a filler's span is part
/// of it (a long "ummm" can break into two steady stretches where the pitch drifts). A merged hit
/// keeps its text and source and spans both hits, so it covers the sound the detector heard as
/// well as the word the decoder wrote. Pure and deterministic.
public struct FillerFusion: Sendable, Equatable {
    /// Midpoint distance, seconds, within which two hits are the same filler. 0.35 s is about the
    /// length of a short "uh", so two distinct hesitations are rarely closer than that, while the
    /// two decodes' times for one "um" differ by ≈0.1–0.3 s.
    public var sameFillerSeconds: Double
    /// Midpoint distance, seconds, within which two hits with no confident word between them
    /// are the same filler. 1 s is longer than nearly every filled pause (Clark & Fox Tree 2002:
    /// "uh"/"um" last 0.2–0.9 s) plus Whisper's timing offset.
    public var sameGapSeconds: Double
    /// A word of either decode with at least this confidence owns the audio under it.
    public var confidentWord: Double

    /// Gap, seconds, within which an acoustic hit touches a filler's span and is part of the same
    /// sound: two analysis hops (20 ms) of pitch-tracker dropout plus the stretch splitter's
    /// one-frame edge.
    public var touchingSeconds: Double

    /// A recognised word owns the audio under it only while it lasts at most `wordBaseSeconds`
    /// plus `wordSecondsPerLetter` per letter: 0.7 s for "made", about twice a slow speaker's
    /// time for it, and 0.4 s for "a", which a reader may draw out (LibriVox: "married a… more"). Whisper stretches the word before or after a hesitation over the hesitation
    /// (issue 9, the tuning speakers of bench/make_hesitation_set.py: words over a hesitation
    /// lasted 0.8 s at the median, 0.21 s a letter, and 60 % of them broke this bound; words
    /// elsewhere 0.24 s, 0.07 s a letter, 4 %), so a word far longer than
    /// its letters could take holds a sound that is not its own, and the acoustic hit in it
    /// stands.
    public var wordBaseSeconds: Double
    /// See `wordBaseSeconds`.
    public var wordSecondsPerLetter: Double

    public init(sameFillerSeconds: Double = 0.35, sameGapSeconds: Double = 1.0, confidentWord: Double = 0.5,
                touchingSeconds: Double = 0.05, wordBaseSeconds: Double = 0.3, wordSecondsPerLetter: Double = 0.1) {
        self.sameFillerSeconds = sameFillerSeconds
        self.sameGapSeconds = sameGapSeconds
        self.confidentWord = confidentWord
        self.touchingSeconds = touchingSeconds
        self.wordBaseSeconds = wordBaseSeconds
        self.wordSecondsPerLetter = wordSecondsPerLetter
    }

    /// Whether a recognised word of `letters` letters timed over `span` can own the audio under
    /// it (see `wordBaseSeconds`).
    public func plausiblyTimed(_ span: TimeSpan, letters: Int) -> Bool {
        span.duration <= wordBaseSeconds + wordSecondsPerLetter * Double(max(1, letters)) + 1e-9
    }

    /// The merged fillers, sorted by start then end.
    /// - Parameters:
    ///   - words: lexicon hits in the transcript's words.
    ///   - verbatim: hesitation hits in the verbatim decode (the caller keeps only `always` phrases).
    ///   - acoustic: the filled-pause detector's candidates.
    ///   - recognised: non-filler words of both decodes, with their confidence; the caller leaves
    ///     out words that are not `plausiblyTimed`.
    ///   - hesitations: the hesitation phrases ("um", "uh": the lexicon's `always` entries). Only
    ///     hesitations merge; a discourse filler next to an "um" ("so, um") is a second filler.
    public func merge(words: [FillerHit], verbatim: [FillerHit], acoustic: [FilledPause],
                      recognised: [(span: TimeSpan, confidence: Double)], hesitations: Set<String>) -> [FillerHit] {
        let owned = recognised.filter { $0.confidence >= confidentWord }.map(\.span)
        var merged = words
        // Per merged filler, the sources it has absorbed (its own included).
        var absorbed = words.map { Set([$0.source]) }
        func add(_ hit: FillerHit) {
            let mid = (hit.start + hit.end) / 2
            var best: (index: Int, distance: Double)?
            for (index, filler) in merged.enumerated()
            where filler.source == .acoustic || hesitations.contains(filler.text) {
                let touching = hit.source == .acoustic && hit.start <= filler.end + touchingSeconds
                    && filler.start <= hit.end + touchingSeconds
                guard touching || (!absorbed[index].contains(hit.source) && sameFiller(filler, hit, owned: owned)) else {
                    continue
                }
                let distance = touching ? 0 : abs((filler.start + filler.end) / 2 - mid)
                if best.map({ distance < $0.distance }) ?? true { best = (index, distance) }
            }
            if let index = best?.index {
                merged[index].start = min(merged[index].start, hit.start)
                merged[index].end = max(merged[index].end, hit.end)
                absorbed[index].insert(hit.source)
            } else {
                merged.append(hit)
                absorbed.append([hit.source])
            }
        }
        for hit in verbatim {
            var added = hit
            added.source = .verbatim
            add(added)
        }
        for candidate in acoustic {
            let covered = owned.reduce(0.0) { $0 + Self.overlap($1, candidate.span) }
            if covered > 0.5 * candidate.span.duration { continue }
            add(FillerHit(start: candidate.span.start, end: candidate.span.end, text: "<filled pause>",
                          source: .acoustic, confidence: candidate.confidence))
        }
        return merged.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// True when `a` and `b` are one filler heard twice (see the type's comment); `owned` are the
    /// confidently recognised words.
    func sameFiller(_ a: FillerHit, _ b: FillerHit, owned: [TimeSpan]) -> Bool {
        if a.start < b.end && b.start < a.end { return true }
        let (first, second) = a.start <= b.start ? (a, b) : (b, a)
        let distance = (second.start + second.end) / 2 - (first.start + first.end) / 2
        if distance <= sameFillerSeconds { return true }
        guard distance <= sameGapSeconds else { return false }
        // Word edges and filler edges come from different decodes; 50 ms of slack.
        let slack = 0.05
        return !owned.contains { $0.start >= first.end - slack && $0.end <= second.start + slack }
    }

    static func overlap(_ a: TimeSpan, _ b: TimeSpan) -> Double {
        max(0, min(a.end, b.end) - max(a.start, b.start))
    }
}
