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
/// Two hits are one filler when their spans overlap or their midpoints are within
/// `sameFillerSeconds`: the two decodes time the same "um" differently by up to a few tenths of
/// a second. Pure and deterministic.
public struct FillerFusion: Sendable, Equatable {
    /// Midpoint distance, seconds, within which two hits are the same filler. 0.35 s is about the
    /// length of a short "uh", so two distinct hesitations are rarely closer than that, while the
    /// two decodes' times for one "um" differ by ≈0.1–0.3 s.
    public var sameFillerSeconds: Double
    /// A word of either decode with at least this confidence owns the audio under it.
    public var confidentWord: Double

    public init(sameFillerSeconds: Double = 0.35, confidentWord: Double = 0.5) {
        self.sameFillerSeconds = sameFillerSeconds
        self.confidentWord = confidentWord
    }

    /// The merged fillers, sorted by start then end.
    /// - Parameters:
    ///   - words: lexicon hits in the transcript's words.
    ///   - verbatim: hesitation hits in the verbatim decode (the caller keeps only `always` phrases).
    ///   - acoustic: the filled-pause detector's candidates.
    ///   - recognised: non-filler words of both decodes, with their confidence.
    public func merge(words: [FillerHit], verbatim: [FillerHit], acoustic: [FilledPause],
                      recognised: [(span: TimeSpan, confidence: Double)]) -> [FillerHit] {
        var merged = words
        for hit in verbatim {
            if merged.contains(where: { sameFiller($0, hit) }) { continue }
            var added = hit
            added.source = .verbatim
            merged.append(added)
        }
        let owned = recognised.filter { $0.confidence >= confidentWord }.map(\.span)
        for candidate in acoustic {
            let hit = FillerHit(start: candidate.span.start, end: candidate.span.end, text: "<filled pause>",
                                source: .acoustic, confidence: candidate.confidence)
            if merged.contains(where: { sameFiller($0, hit) }) { continue }
            let covered = owned.reduce(0.0) { $0 + Self.overlap($1, candidate.span) }
            if covered > 0.5 * candidate.span.duration { continue }
            merged.append(hit)
        }
        return merged.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// True when `a` and `b` are one filler heard twice.
    func sameFiller(_ a: FillerHit, _ b: FillerHit) -> Bool {
        if a.start < b.end && b.start < a.end { return true }
        return abs((a.start + a.end) / 2 - (b.start + b.end) / 2) <= sameFillerSeconds
    }

    static func overlap(_ a: TimeSpan, _ b: TimeSpan) -> Double {
        max(0, min(a.end, b.end) - max(a.start, b.start))
    }
}
