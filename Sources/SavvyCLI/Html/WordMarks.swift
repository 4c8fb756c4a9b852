import SavvyASR
import SavvyCoach

/// Which transcript words the report highlights — each counted filler once, and each
/// watch-word occurrence — and the HTML for a word, a highlighted run, and a filled pause the
/// recogniser wrote no word for.
struct WordMarks {
    private struct Run {
        let words: Range<Int>
        let cssClass: String
        let tooltip: String
    }

    private let words: [TranscriptWord]
    private var runs: [Int: Run] = [:]
    /// Acoustic filled pauses, in time order; they have no word, so the page inserts a marker.
    let acoustic: [FillerHit]

    /// Times are stored with three decimals; this absorbs that rounding when matching.
    private static let tolerance = 0.0015

    init(transcript: Transcript, metrics: SpeechMetrics) {
        words = transcript.words
        // Hesitations only the verbatim decode wrote have no word either; they get a marker too.
        acoustic = metrics.fillers.items.filter { $0.source != .lexicon }.sorted { $0.start < $1.start }
        for hit in metrics.fillers.items where hit.source == .lexicon {
            let covered = words.indices.filter {
                words[$0].start >= hit.start - Self.tolerance && words[$0].end <= hit.end + Self.tolerance
            }
            guard let first = covered.first, let last = covered.last else { continue }
            runs[first] = Run(words: first..<(last + 1), cssClass: "filler",
                              tooltip: "filler “\(hit.text)” at \(Format.clock(hit.start))")
        }
        for watch in metrics.watchWords {
            let length = max(1, watch.word.split(separator: " ").count)
            for time in watch.times {
                guard let first = words.firstIndex(where: { abs($0.start - time) <= Self.tolerance }),
                      runs[first] == nil else { continue }
                let verb = watch.kind == .avoid ? "avoid" : "include"
                runs[first] = Run(words: first..<min(first + length, words.count), cssClass: "watch \(verb)",
                                  tooltip: "watch-word (\(verb)) “\(watch.word)” at \(Format.clock(time))")
            }
        }
    }

    /// The highlighted run that begins at word `index`, cut at `limit` (a sentence's end), as HTML.
    func markedRun(startingAt index: Int, limit: Int) -> (Range<Int>, String)? {
        guard let run = runs[index] else { return nil }
        let range = index..<min(run.words.upperBound, limit)
        let inner = range.map { Self.word(words[$0]) }.joined(separator: " ")
        return (range, "<mark class=\"\(run.cssClass)\" title=\"\(HTMLText.escape(run.tooltip))\">\(inner)</mark>")
    }

    /// One word as the engine wrote it (punctuation, capitals, numbers; the normalised form for
    /// transcripts stored before display text was kept), with its time and confidence on hover.
    static func word(_ word: TranscriptWord) -> String {
        "<span class=\"w\" title=\"\(Format.clock(word.start)) · confidence \(Format.fixed(word.confidence, 2))\">"
            + HTMLText.escape(word.displayText) + "</span>"
    }

    /// A filled pause heard in the audio where no word was recognised.
    static func acousticMark(_ hit: FillerHit) -> String {
        if hit.source == .verbatim {
            return "<mark class=\"filler\" title=\"filler “\(HTMLText.escape(hit.text))” at \(Format.clock(hit.start))\">\(HTMLText.escape(hit.text))</mark>"
        }
        return "<mark class=\"filler acoustic\" title=\"filled pause heard at \(Format.clock(hit.start)); no word was recognised\">~um~</mark>"
    }
}
