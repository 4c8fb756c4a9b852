/// One TextGrid interval tier: labelled intervals that tile `0…end` with no gaps or overlaps.
///
/// Times are whole microseconds so that one interval's end and the next one's start are the
/// same integer, written as the same text: Praat refuses a tier whose intervals do not meet
/// exactly, and floating-point sums cannot promise that.
struct IntervalTier: Equatable {
    /// A labelled stretch in microseconds; `start < end` for every interval of a built tier.
    struct Interval: Equatable {
        var start: Int64
        var end: Int64
        var text: String
    }

    /// A span as it comes from the recogniser or the DSP, in seconds, possibly overlapping others.
    struct Span: Equatable {
        var start: Double
        var end: Double
        var text: String
    }

    let name: String
    let end: Int64
    let intervals: [Interval]

    /// Seconds to microseconds, rounded to nearest.
    static func ticks(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// Builds the tier from `spans`, repairing what ASR and DSP timings get wrong, deterministically:
    ///
    /// - spans with a non-finite time are dropped; times are clamped to `0…end`;
    /// - spans are taken in start order (ties keep their input order);
    /// - a span that starts before the previous one ends starts where that one ends (the earlier
    ///   word keeps its time: recognisers pad word ends more than they move starts);
    /// - a span left with no length joins its label to the previous span's label, so no word is
    ///   lost (to the next span's when it is the first);
    /// - the gaps become intervals with an empty label.
    init(name: String, spans: [Span], end: Int64) {
        self.name = name
        self.end = end
        let ordered = spans.enumerated()
            .filter { $0.element.start.isFinite && $0.element.end.isFinite }
            .map { item -> (index: Int, span: Interval) in
                let start = min(max(Self.ticks(item.element.start), 0), end)
                let stop = min(max(Self.ticks(item.element.end), start), end)
                return (item.offset, Interval(start: start, end: stop, text: item.element.text))
            }
            .sorted { ($0.span.start, $0.index) < ($1.span.start, $1.index) }
            .map(\.span)

        var placed: [Interval] = []
        var orphans: [String] = []
        for var span in ordered {
            span.start = max(span.start, placed.last?.end ?? 0)
            if span.end <= span.start {
                if placed.isEmpty { orphans.append(span.text) } else { placed[placed.count - 1].text += " " + span.text }
                continue
            }
            if !orphans.isEmpty {
                span.text = (orphans + [span.text]).joined(separator: " ")
                orphans.removeAll()
            }
            placed.append(span)
        }

        var tiled: [Interval] = []
        var cursor: Int64 = 0
        for span in placed {
            if span.start > cursor { tiled.append(Interval(start: cursor, end: span.start, text: "")) }
            tiled.append(span)
            cursor = span.end
        }
        if cursor < end || tiled.isEmpty { tiled.append(Interval(start: cursor, end: end, text: "")) }
        intervals = tiled
    }
}
