import SavvySession
import Foundation
import SavvyASR
import SavvyCoach
import SavvyDSP
import SavvyFileSystem

/// The report card of a scored answer: delivery with bands, content rubric, tips, transcript.
struct ScoreReport {
    let answer: ScoredAnswer
    let title: String
    let palette: Palette

    /// What to do about an uncertain transcript (only pocketsphinx's get one).
    static let cautionAdvice = "read the content scores with care; Whisper ('--asr whisper', installed by 'make venv') "
        + "hears far more words right"

    func render() -> String {
        let m = answer.metrics
        let r = answer.rubric
        // The title names a file; its name may hold bytes that are not UTF-8 or control characters.
        var out = palette.bold(RawPath.displayed(title)) + palette.dim("  \(Format.duration(m.durationSeconds)) · drill \(r.drillID)") + "\n"
        if !r.prompt.isEmpty { out += palette.dim("Prompt: \(r.prompt)") + "\n" }
        if let check = answer.transcript.check, !check.trusted {
            out += palette.yellow("! transcript not trusted: \(check.reason ?? "unknown reason") — delivery numbers below; "
                                  + "content and word-based numbers not judged") + "\n"
        } else if let caution = answer.transcript.check?.caution {
            out += palette.yellow("! transcript uncertain: \(caution) — \(Self.cautionAdvice)") + "\n"
        }
        out += "\n" + palette.bold("Delivery") + "\n"
        let trusted = answer.transcript.check?.trusted != false
        out += ReportRow.align(deliveryRows(m, wordsTrusted: trusted), palette: palette).map { "  " + $0 }.joined(separator: "\n") + "\n"
        out += "\n" + palette.bold("Content") + (r.content == nil ? "  " + palette.yellow("not judged") : "")
            + palette.dim("  " + Self.totals(r)) + "\n"
        // With an untrusted transcript the first line already says why each row is not judged.
        let criteria = r.criteria.map { item in
            item.score.score.map {
                ReportRow(label: item.name, value: "\($0)/5", band: ScoreLabel.band($0), detail: item.score.reason,
                          bandWord: ScoreLabel.word($0))
            }
                ?? ReportRow(label: item.name, value: "not judged", band: nil, detail: trusted ? Self.notJudgedDetail(item.score.reason) : "")
        }
        out += ReportRow.align(criteria, palette: palette).map { "  " + $0 }.joined(separator: "\n") + "\n"
        if !r.structureMap.isEmpty {
            out += "\n" + palette.bold("Structure") + palette.dim("  placed by \(ProvenanceText.name(r.structure.tier))") + "\n"
            for span in r.structureMap {
                if let quote = span.quote {
                    let at = span.start.map { Format.clock($0) + "  " } ?? ""
                    out += "  \(span.name.padding(10)) " + palette.dim(at) + "“\(Self.shorten(quote, 70))”\n"
                } else {
                    out += "  \(span.name.padding(10)) " + palette.red("missing") + "\n"
                }
            }
            if r.structure.inOrder == false {
                let spoken = r.structureMap.filter(\.isPresent).sorted { ($0.start ?? 0) < ($1.start ?? 0) }.map(\.name)
                out += "  " + palette.yellow("out of order: spoken as \(spoken.joined(separator: " → "))") + "\n"
            }
        }
        if !r.tips.isEmpty {
            out += "\n" + palette.bold("Tips") + "\n"
            for tip in r.tips {
                // A dash, not parentheses: evidence often holds its own "(49.0/min)".
                out += "  • \(tip.text)" + (tip.evidence.isEmpty ? "" : palette.dim(" — \(tip.evidence)")) + "\n"
            }
        }
        out += "\n" + palette.bold("Transcript") + palette.dim("  \(answer.transcript.engine) · fillers marked") + "\n"
        if let coverage = TranscriptText.coverage(answer.transcript) { out += "  " + palette.dim(coverage) + "\n" }
        out += TranscriptText.wrap(TranscriptText.marked(answer.transcript, fillers: m.fillers.items, palette: palette),
                                   width: 78, indent: "  ") + "\n"
        out += "\n" + palette.dim(ProvenanceText.judged(r.provenance)) + "\n"
        for line in ProvenanceText.degraded(r.provenance) {
            out += palette.yellow("! " + line) + "\n"
        }
        for warning in m.quality.warnings {
            out += palette.yellow("! " + warning.advice) + "\n"
        }
        return out
    }

    /// - Parameter wordsTrusted: false when the transcript is not trusted: the fillers row then
    ///   says "not judged" (discourse fillers are words; the hesitations alone would understate).
    func deliveryRows(_ m: SpeechMetrics, wordsTrusted: Bool) -> [ReportRow] {
        var rows: [ReportRow] = []
        if let wpm = m.pace.wpm {
            var detail = "\(m.pace.wordCount) words"
            if let art = m.pace.articulationRate { detail += " · articulation \(Format.fixed(art, 0)) wpm" }
            if !m.pace.outOfBand.isEmpty {
                // Rolling-pace points are a second apart: a one-point span is a moment, not a range.
                detail += " · " + m.pace.outOfBand.map { span in
                    span.end - span.start < 0.5
                        ? "\(span.direction.rawValue) at \(Format.clock(span.start))"
                        : "\(span.direction.rawValue) \(Format.clock(span.start))–\(Format.clock(span.end))"
                }.joined(separator: ", ")
            }
            rows.append(ReportRow(label: "Pace", value: "\(Format.fixed(wpm, 0)) wpm", band: Bands.pace.classify(wpm), detail: detail))
        } else {
            rows.append(ReportRow(label: "Pace", value: wordsTrusted ? "—" : "not judged", band: nil,
                                  detail: wordsTrusted ? "too few words recognised" : "the words are not trusted"))
        }
        var fillerDetail = "\(m.fillers.count) in all"
        if m.fillers.acousticCount > 0 { fillerDetail += " (\(m.fillers.acousticCount) heard acoustically)" }
        let words = Dictionary(grouping: m.fillers.items.filter { $0.source != .acoustic }, by: \.text)
            .map { "\($0.key) ×\($0.value.count)" }.sorted()
        if !words.isEmpty { fillerDetail += " · " + words.joined(separator: ", ") }
        if !m.fillers.clusters.isEmpty { fillerDetail += " · " + Plural.count(m.fillers.clusters.count, "cluster") }
        if wordsTrusted {
            rows.append(ReportRow(label: "Fillers", value: "\(Format.fixed(m.fillers.perMinute, 1))/min",
                                  band: Bands.fillers.classify(m.fillers.perMinute), detail: fillerDetail))
        } else {
            // Hesitations are still placed (MetricsEngine's hesitation evidence), but discourse
            // fillers need trusted words: the rate is a floor, so it gets no band.
            rows.append(ReportRow(label: "Fillers", value: "not judged", band: nil,
                                  detail: "the words are not trusted; \(Plural.count(m.fillers.count, "hesitation")) placed"))
        }
        rows.append(ReportRow(label: "Pauses", value: "\(m.pauses.count)",
                              band: m.pauses.stalls > 0 ? .red : (m.pauses.long > 2 ? .amber : nil),
                              detail: "\(m.pauses.long) long (1–3 s) · \(m.pauses.stalls) stalls · longest run \(Format.fixed(m.longestRunSeconds, 1)) s"))
        if let pitch = m.pitch {
            rows.append(ReportRow(label: "Pitch variety", value: Format.fixed(pitch.sdSemitones, 1) + " st",
                                  band: Bands.pitchVariety.classify(pitch.sdSemitones),
                                  detail: "median \(Format.fixed(pitch.medianHz, 0)) Hz" +
                                      (pitch.monotoneSpans.isEmpty ? "" : " · " + Plural.count(pitch.monotoneSpans.count, "monotone span"))))
        }
        if let range = m.loudness?.rangeDB {
            rows.append(ReportRow(label: "Loudness range", value: Format.fixed(range, 1) + " dB", band: nil, detail: ""))
        }
        if let voice = m.voice {
            rows.append(ReportRow(label: "Voice (CPPS)", value: Format.fixed(voice.cppsDB, 1) + " dB", band: nil,
                                  detail: "a trend to watch, not a diagnosis"))
        }
        if let p = m.pronunciation {
            rows.append(ReportRow(label: "Pronunciation", value: Format.fixed(p, 0) + "/100", band: nil,
                                  detail: "from recogniser confidence"))
        }
        for hit in m.watchWords {
            let said = hit.times.isEmpty ? "not said" : "said \(hit.times.count)× at " + hit.times.map(Format.clock).joined(separator: ", ")
            let band: Band = (hit.kind == .avoid) == hit.times.isEmpty ? .green : .amber
            rows.append(ReportRow(label: "\(hit.kind.rawValue) “\(hit.word)”", value: "\(hit.times.count)", band: band, detail: said))
        }
        return rows
    }

    /// "overall 3.4 / 5 · content 3.0 · delivery 4.2 · content counts double" (no bracket inside a bracket),
    /// or, when content was not judged, "overall 4.0 / 5 from the judged delivery criteria alone".
    static func totals(_ r: ScoreRubric) -> String {
        let overall = r.overall.map { "overall \(Format.fixed($0, 1)) / 5" } ?? "overall not judged"
        let content = r.content.map { "content \(Format.fixed($0, 1))" } ?? "content not judged"
        let delivery = r.deliverySubtotal.map { "delivery \(Format.fixed($0, 1))" } ?? "delivery not judged"
        switch (r.content, r.deliverySubtotal) {
        case (.some, .some): return "\(overall) · \(content) · \(delivery) · content counts double"
        case (nil, .some): return "\(overall) from the judged delivery criteria alone"
        case (.some, nil): return "\(overall) from content alone"
        case (nil, nil): return "\(overall)"
        }
    }

    /// A not-judged reason without its "not judged: " lead (the row already says it).
    static func notJudgedDetail(_ reason: String) -> String {
        let lead = "not judged: "
        return reason.hasPrefix(lead) ? String(reason.dropFirst(lead.count)) : reason
    }

    static func shorten(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

/// The transcript as text with fillers marked, wrapped for the terminal.
enum TranscriptText {
    /// "words cover 92 % of the speech · unrecognised speech 0:03–0:16", or nil before the
    /// transcript check existed.
    static func coverage(_ transcript: Transcript) -> String? {
        guard let check = transcript.check else { return nil }
        var parts = ["words cover \(Int((check.coverage * 100).rounded())) % of the speech"]
        if !check.unrecognised.isEmpty {
            parts.append("unrecognised speech " + check.unrecognised.map { Format.clock($0.start) + "–" + Format.clock($0.end) }
                .joined(separator: ", "))
        }
        for loop in check.loops {
            // A trailing loop is the recogniser's invention after the speaker stopped; saying
            // so keeps the user from looking for a repetition of their own.
            if loop.trailing {
                parts.append("a phrase the recogniser repeated after the speech ended (\(Format.clock(loop.stretch.start))) removed")
            } else {
                parts.append("a repetition loop at \(Format.clock(loop.stretch.start)) " + (loop.redecoded ? "decoded again" : "removed"))
            }
        }
        return parts.joined(separator: " · ")
    }

    /// Words as the engine wrote them (punctuation, capitals, symbols), lexicon fillers in
    /// [brackets] (also those only the verbatim decode wrote) and acoustic filled pauses as [~um~].
    /// A filler of several words ("you know", "I mean") is one bracket, `[you know]`, never
    /// `[you] [know]`: it is one filler, counted once.
    static func marked(_ transcript: Transcript, fillers: [FillerHit], palette: Palette) -> [String] {
        var tokens: [(start: Double, text: String)] = []
        var open: (filler: Int, start: Double, words: [String])?
        func close() {
            if let run = open { tokens.append((run.start, palette.yellow("[" + run.words.joined(separator: " ") + "]"))) }
            open = nil
        }
        for word in transcript.words {
            let filler = fillers.indices.first {
                fillers[$0].source == .lexicon && word.start >= fillers[$0].start - 1e-6 && word.end <= fillers[$0].end + 1e-6
            }
            if let filler, open?.filler == filler {
                open?.words.append(word.displayText)
                continue
            }
            close()
            if let filler {
                open = (filler, word.start, [word.displayText])
            } else {
                tokens.append((word.start, word.displayText))
            }
        }
        close()
        for hit in fillers where hit.source == .acoustic {
            tokens.append((hit.start, palette.yellow("[~um~]")))
        }
        // A hesitation only the verbatim decode wrote has no word in the transcript.
        for hit in fillers where hit.source == .verbatim {
            tokens.append((hit.start, palette.yellow("[\(hit.text)]")))
        }
        return tokens.sorted { $0.start < $1.start }.map(\.text)
    }

    static func wrap(_ tokens: [String], width: Int, indent: String) -> String {
        guard !tokens.isEmpty else { return indent + "(no words recognised)" }
        var lines: [String] = [], line = "", visible = 0
        for token in tokens {
            let length = visibleLength(token)
            if visible > 0, visible + 1 + length > width {
                lines.append(indent + line)
                line = ""
                visible = 0
            }
            line += (visible > 0 ? " " : "") + token
            visible += (visible > 0 ? 1 : 0) + length
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }

    /// Characters a terminal shows (ANSI escapes excluded).
    static func visibleLength(_ s: String) -> Int {
        var n = 0, inEscape = false
        for c in s {
            if inEscape { if c == "m" { inEscape = false }; continue }
            if c == "\u{1B}" { inEscape = true; continue }
            n += 1
        }
        return n
    }
}
