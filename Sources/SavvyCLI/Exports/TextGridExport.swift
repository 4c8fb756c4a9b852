import SavvyASR
import SavvyCoach

/// A session as a Praat TextGrid, so the recording can be opened in Praat (or read with
/// parselmouth, TextGridTools, ELAN's importer) with savvy's words, fillers and pauses aligned
/// under the waveform.
///
/// Long ("ooTextFile") text format, laid out as Praat itself writes it, with four interval
/// tiers:
/// - `words`: every recognised word as the engine wrote it ("Ultimately,", "40%"), the gaps
///   between them as empty intervals;
/// - `fillers`: each filler, labelled with its text ("um", "you know") or `<filled pause>` for
///   a hesitation the acoustic detector found with no word under it;
/// - `pauses`: each silent pause from the VAD, labelled `normal`, `long` or `stall`;
/// - `sentences`: each sentence (engine punctuation, else pauses; see `SentenceSegmenter`)
///   with its text.
///
/// Every tier tiles `0…duration` exactly. Overlapping or out-of-range times from the recogniser
/// are repaired deterministically (see `IntervalTier.init`); times are written in seconds with
/// microsecond resolution. A double quote in a label is doubled, as Praat's own writer does.
public enum TextGridExport {
    /// The label of an acoustic filled pause that no transcript word covers.
    public static let filledPauseLabel = "<filled pause>"

    /// The TextGrid text for a session.
    ///
    /// - Parameters:
    ///   - transcript: the recogniser's words with their times in seconds.
    ///   - metrics: the session's metrics; its `fillers.items` and `pauses.items` fill the
    ///     `fillers` and `pauses` tiers.
    ///   - duration: length of the recording in seconds; the TextGrid's `xmax`. Times beyond it
    ///     are clamped to it. A non-finite or negative duration falls back to the latest time
    ///     any span reaches, so the file still opens.
    public static func render(transcript: Transcript, metrics: SpeechMetrics, duration: Double) -> String {
        let words = transcript.words.map { IntervalTier.Span(start: $0.start, end: $0.end, text: $0.displayText) }
        let sentences = transcript.sentences(pauses: metrics.pauses.items.map { ($0.start, $0.end) }).map {
            IntervalTier.Span(start: $0.start, end: $0.end, text: $0.text)
        }
        let fillers = metrics.fillers.items.map {
            IntervalTier.Span(start: $0.start, end: $0.end, text: $0.text.isEmpty ? filledPauseLabel : $0.text)
        }
        let pauses = metrics.pauses.items.map { IntervalTier.Span(start: $0.start, end: $0.end, text: $0.kind.rawValue) }

        let end: Int64
        if duration.isFinite, duration >= 0 {
            end = IntervalTier.ticks(duration)
        } else {
            let latest = (words + fillers + pauses + sentences).map(\.end).filter(\.isFinite).max() ?? 0
            end = max(IntervalTier.ticks(latest), 0)
        }
        let tiers = [
            IntervalTier(name: "words", spans: words, end: end),
            IntervalTier(name: "fillers", spans: fillers, end: end),
            IntervalTier(name: "pauses", spans: pauses, end: end),
            IntervalTier(name: "sentences", spans: sentences, end: end),
        ]
        return write(tiers: tiers, end: end)
    }

    /// Praat's long text format. Praat ends most lines with a space; kept, so files diff cleanly
    /// against ones Praat saved.
    static func write(tiers: [IntervalTier], end: Int64) -> String {
        var lines = [
            "File type = \"ooTextFile\"",
            "Object class = \"TextGrid\"",
            "",
            "xmin = 0 ",
            "xmax = \(seconds(end)) ",
            "tiers? <exists> ",
            "size = \(tiers.count) ",
            "item []: ",
        ]
        for (t, tier) in tiers.enumerated() {
            lines += [
                "    item [\(t + 1)]:",
                "        class = \"IntervalTier\" ",
                "        name = \(quoted(tier.name)) ",
                "        xmin = 0 ",
                "        xmax = \(seconds(tier.end)) ",
                "        intervals: size = \(tier.intervals.count) ",
            ]
            for (i, interval) in tier.intervals.enumerated() {
                lines += [
                    "        intervals [\(i + 1)]:",
                    "            xmin = \(seconds(interval.start)) ",
                    "            xmax = \(seconds(interval.end)) ",
                    "            text = \(quoted(interval.text)) ",
                ]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A label in Praat's string syntax: in double quotes, inner double quotes doubled.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Microseconds as decimal seconds without trailing zeros: `0`, `1.5`, `12.000125`.
    static func seconds(_ ticks: Int64) -> String {
        let sign = ticks < 0 ? "-" : ""
        let magnitude = ticks.magnitude
        let whole = magnitude / 1_000_000
        var fraction = String(magnitude % 1_000_000)
        guard fraction != "0" else { return sign + String(whole) }
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + "." + fraction
    }
}
