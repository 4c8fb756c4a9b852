import SavvyASR
import SavvyCoach

/// A session's transcript as WebVTT captions, so a video or audio player (browsers, VLC, mpv)
/// shows the words in time with the recording and the fillers stand out.
///
/// Cues follow the usual captioning limits: a cue ends before a word that would make it longer
/// than `maxCueSeconds` or `maxCueTokens`, at every sentence end (`Transcript.sentences`), and
/// at every pause — a VAD pause (≥ 250 ms) centred between two words, or a gap of at least
/// `pauseBreakSeconds` between their recognised times — so each cue is one breath group. Words
/// read as the engine wrote them (punctuation, capitals, "40%"). Cue text wraps at
/// `maxLineCharacters` visible characters.
///
/// Fillers are marked in italics, which every WebVTT renderer supports and which keeps the
/// spoken word visible: a filler word reads `<i>um</i>`, a multi-word filler
/// `<i>you know</i>`, and a hesitation the acoustic detector heard with no word under it
/// `<i>[filled pause]</i>` (square brackets are the captioning convention for a sound that is
/// not a word). Times are `HH:MM:SS.mmm`; cues never overlap.
public enum WebVTTExport {
    /// Longest cue, seconds (captioning guidelines keep a cue on screen ≤ 7 s).
    public static let maxCueSeconds = 7.0
    /// Most words (fillers included) in one cue.
    public static let maxCueTokens = 12
    /// A gap between recognised words this long breaks the cue, seconds; the same 250 ms that
    /// defines a pause for the VAD.
    public static let pauseBreakSeconds = 0.25
    /// Visible characters per caption line (the BBC and Netflix limit).
    public static let maxLineCharacters = 42

    /// The WebVTT text for a session.
    ///
    /// - Parameters:
    ///   - transcript: the recogniser's words with their times in seconds.
    ///   - metrics: the session's metrics; `fillers.items` marks fillers and `pauses.items`
    ///     breaks cues.
    public static func render(transcript: Transcript, metrics: SpeechMetrics) -> String {
        var out = "WEBVTT\n\nNOTE savvy transcript (\(noteSafe(transcript.engine)) \(noteSafe(transcript.model))); "
            + "fillers are in italics\n"
        let silences = metrics.pauses.items.map { ($0.start, $0.end) }
        let grouped = Self.cues(tokens: tokens(transcript: transcript, fillers: metrics.fillers.items, pauses: silences),
                                pauses: metrics.pauses.items.map { ($0.start + $0.end) / 2 },
                                end: metrics.durationSeconds)
        for cue in grouped {
            out += "\n\(timestamp(cue.start)) --> \(timestamp(cue.end))\n"
            out += wrap(cue.tokens).joined(separator: "\n") + "\n"
        }
        return out
    }

    /// A word or an acoustic filled pause, in milliseconds.
    struct Token: Equatable {
        var start: Int64
        var end: Int64
        var text: String
        /// Index of the filler this token belongs to; neighbours with the same index share one
        /// pair of italics ("<i>you know</i>").
        var filler: Int?
        /// The last word of a sentence: the cue closes after it.
        var endsSentence = false
    }

    struct Cue: Equatable {
        var start: Int64
        var end: Int64
        var tokens: [Token]
    }

    static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }

    /// Words in time order, with lexicon fillers flagged (a word is part of a filler when its
    /// midpoint falls inside the filler's span) and acoustic-only fillers added as tokens.
    /// `pauses` (VAD silences, seconds) help find sentence ends in unpunctuated transcripts.
    static func tokens(transcript: Transcript, fillers: [FillerHit], pauses: [(start: Double, end: Double)] = []) -> [Token] {
        let sentenceEnds = Set(transcript.sentences(pauses: pauses).map { $0.words.upperBound - 1 })
        var tokens = transcript.words.enumerated().filter { $0.element.start.isFinite && $0.element.end.isFinite }.map { index, word -> Token in
            let mid = (word.start + word.end) / 2
            let filler = fillers.indices.first {
                fillers[$0].source == .lexicon && fillers[$0].start <= mid && mid <= fillers[$0].end
            }
            return Token(start: milliseconds(word.start), end: milliseconds(max(word.end, word.start)),
                         text: word.displayText, filler: filler, endsSentence: sentenceEnds.contains(index))
        }
        // Acoustic filled pauses and hesitations only the verbatim decode wrote have no word.
        for (index, hit) in fillers.enumerated() where hit.source != .lexicon && hit.start.isFinite && hit.end.isFinite {
            let mid = (hit.start + hit.end) / 2
            let covered = transcript.words.contains { $0.start <= mid && mid <= $0.end }
            if !covered {
                tokens.append(Token(start: milliseconds(hit.start), end: milliseconds(max(hit.end, hit.start)),
                                    text: hit.text.isEmpty ? "[filled pause]" : hit.text, filler: index))
            }
        }
        // Stable: ties keep words before the acoustic tokens appended after them.
        return tokens.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// Groups tokens into cues; `pauses` are VAD pause midpoints in seconds. Cue times are kept
    /// inside `0…end` (the recording's length, seconds; recognisers can place a last word past
    /// it) and cues never overlap; a cue squeezed to nothing still lasts one millisecond so
    /// players show it.
    static func cues(tokens: [Token], pauses: [Double], end recordingEnd: Double) -> [Cue] {
        let pauseMids = pauses.filter(\.isFinite).map(milliseconds)
        let maxCue = milliseconds(maxCueSeconds)
        let gapBreak = milliseconds(pauseBreakSeconds)
        let limit = recordingEnd.isFinite ? milliseconds(recordingEnd) : Int64.max
        var cues: [Cue] = []
        var current: [Token] = []
        func close() {
            guard let first = current.first else { return }
            let start = max(first.start, cues.last?.end ?? 0)
            let end = max(min(current.map(\.end).max() ?? start, limit), start + 1)
            cues.append(Cue(start: start, end: end, tokens: current))
            current = []
        }
        for token in tokens {
            if let previous = current.last, let first = current.first {
                let previousMid = (previous.start + previous.end) / 2
                let mid = (token.start + token.end) / 2
                let pauseBetween = pauseMids.contains { previousMid < $0 && $0 < mid }
                if pauseBetween || previous.endsSentence || token.start - previous.end >= gapBreak || current.count >= maxCueTokens
                    || token.end - first.start > maxCue {
                    close()
                }
            }
            current.append(token)
        }
        close()
        return cues
    }

    /// Cue text lines: greedy wrap at `maxLineCharacters` visible characters, fillers in italics,
    /// `&`, `<` and `>` escaped (a recogniser's `<sil>` must not read as a tag).
    static func wrap(_ tokens: [Token]) -> [String] {
        var lines: [[Token]] = []
        var visible = 0
        for token in tokens {
            if let last = lines.last, !last.isEmpty, visible + 1 + token.text.count <= maxLineCharacters {
                lines[lines.count - 1].append(token)
                visible += 1 + token.text.count
            } else {
                lines.append([token])
                visible = token.text.count
            }
        }
        return lines.map { line in
            var text = ""
            for (k, token) in line.enumerated() {
                let opens = token.filler != nil && (k == 0 || line[k - 1].filler != token.filler)
                let closes = token.filler != nil && (k == line.count - 1 || line[k + 1].filler != token.filler)
                if k > 0 { text += " " }
                text += (opens ? "<i>" : "") + escape(token.text) + (closes ? "</i>" : "")
            }
            return text
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A NOTE block ends at a blank line and must not contain `-->`; engine ids never do, but
    /// they come from configuration, so they are made safe rather than trusted.
    static func noteSafe(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "-->", with: "->")
    }

    /// `HH:MM:SS.mmm`.
    static func timestamp(_ ms: Int64) -> String {
        let clamped = max(ms, 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(clamped / 3_600_000, 2) + ":" + pad(clamped / 60_000 % 60, 2) + ":" + pad(clamped / 1000 % 60, 2)
            + "." + pad(clamped % 1000, 3)
    }
}
