import Foundation
import SavvyASR
import SavvyCoach
import SavvyDSP
import SavvySession
import SavvyFileSystem

/// `savvy report`: one session as a self-contained HTML page — header, timeline, transcript,
/// delivery numbers, rubric cards, tips and the recording's quality.
///
/// The page holds no script: hovering uses `title` tooltips and links are in-page anchors, so it
/// works from disk, prints, and needs nothing but the file. Same session → same bytes.
struct SessionReportPage {
    let input: SessionReportInput

    /// Section id → colour slot, in the drill's order (the structure map lists every section).
    var sectionSlots: [String: Int] {
        var slots: [String: Int] = [:]
        for (i, span) in input.answer.rubric.structureMap.enumerated() where slots[span.sectionID] == nil {
            slots[span.sectionID] = i % 7
        }
        return slots
    }

    func render() -> String {
        let answer = input.answer
        let sentences = ReportSentence.split(answer.transcript, pauses: answer.metrics.pauses.items,
                                             structure: answer.rubric.structureMap)
        var anchors: [String: String] = [:]
        for sentence in sentences {
            if let id = sentence.sectionID, anchors[id] == nil { anchors[id] = Self.sectionAnchor(id) }
        }
        let chart = TimelineChart(input: input, sectionSlots: sectionSlots, sectionAnchors: anchors, sentences: sentences)
        var body = header()
        body += "<section id=\"timeline\"><h2>Timeline</h2>\n" + chart.render() + "\n" + legend() + "</section>\n"
        body += transcript(sentences)
        body += delivery()
        body += rubric()
        body += tips()
        body += footer()
        return HTMLPage.document(title: "savvy · session \(input.session.id) · \(RawPath.displayed(input.session.sourceName))", body: body)
    }

    // MARK: sections of the page

    private func header() -> String {
        let s = input.session, r = input.answer.rubric, t = input.answer.transcript
        // Plain words, as in the terminal footer: "structure: local rubric", not "structureExtraction: heuristic".
        let judged = r.provenance.outcomes.map { "\(ProvenanceText.name($0.workload)): \(ProvenanceText.name($0.tier, model: $0.model))" }
            .joined(separator: " · ")
        var out = "<header id=\"summary\">\n<h1>Session \(s.id) · \(HTMLText.escape(RawPath.displayed(s.sourceName)))</h1>\n"
        if !s.prompt.isEmpty { out += "<p class=\"prompt\">“\(HTMLText.escape(s.prompt))”</p>\n" }
        let facts: [(String, String)] = [
            ("drill", r.drillID), ("recorded", Self.date(s.createdAt)), ("length", Format.duration(s.duration)),
            ("words", "\(input.answer.metrics.pace.wordCount)"), ("transcript", "\(t.engine) \(t.model)"),
            ("judged by", judged.isEmpty ? "—" : judged),
        ]
        out += "<ul class=\"facts\">" + facts.map { "<li>\(HTMLText.escape($0.0)) <b>\(HTMLText.escape($0.1))</b></li>" }.joined() + "</ul>\n"
        if let overall = r.overall {
            out += "<div class=\"overall\"><span class=\"big\">\(Format.fixed(overall, 1))<small> / 5 overall</small></span>"
            out += "<span class=\"badge \(Self.bandClass(overall))\"></span>"
        } else {
            out += "<div class=\"overall\"><span class=\"big\">not judged</span>"
        }
        let subtotal = { (value: Double?) in value.map { "<b>\(Format.fixed($0, 1))</b>" } ?? "<b>not judged</b>" }
        out += "<span>content \(subtotal(r.content)) · delivery \(subtotal(r.deliverySubtotal))</span>"
        if r.content == nil, r.overall != nil { out += "<span class=\"muted\">overall from the judged delivery criteria alone</span>" }
        var notes = ["the rubric below, judged by " + Self.tiers(r)]
        if input.scoringCount > 1 { notes.append("latest of \(input.scoringCount) scorings") }
        out += "<span class=\"muted\">\(HTMLText.escape(notes.joined(separator: " · ")))</span></div>\n"
        if let check = t.check, !check.trusted {
            out += "<p class=\"note-line\">Transcript not trusted: \(HTMLText.escape(check.reason ?? "unknown reason")) — "
                + "content and word-based numbers not judged; delivery numbers from the audio below.</p>\n"
        } else if let caution = t.check?.caution {
            out += "<p class=\"note-line\">Transcript uncertain: \(HTMLText.escape(caution)) — "
                + "\(HTMLText.escape(ScoreReport.cautionAdvice)).</p>\n"
        }
        out += "</header>\n"
        return out
    }

    private func legend() -> String {
        var items = input.answer.rubric.structureMap.filter(\.isPresent).map { span in
            "<li><span class=\"sw sec-\(sectionSlots[span.sectionID] ?? 0)\"></span>\(HTMLText.escape(span.name))</li>"
        }
        items += [
            "<li><span class=\"sw env\"></span>loudness</li>",
            "<li><span class=\"sw pitch\"></span>pitch re your median</li>",
            "<li><span class=\"sw mono\"></span>monotone span</li>",
            "<li><span class=\"sw band\"></span>pace band</li>",
            "<li><span class=\"sw normal\"></span>pause &lt; 1 s</li>",
            "<li><span class=\"sw long\"></span>long pause 1–3 s</li>",
            "<li><span class=\"sw stall\"></span>stall &gt; 3 s</li>",
            "<li><span class=\"sw filler\"></span>filler (dashed: heard, no word)</li>",
            "<li><span class=\"sw cluster\"></span>filler cluster</li>",
        ]
        return "<ul class=\"legend\">" + items.joined() + "</ul>\n"
    }

    private func transcript(_ sentences: [ReportSentence]) -> String {
        let answer = input.answer
        let words = answer.transcript.words
        var out = "<section id=\"transcript\"><h2>Transcript</h2>\n"
        let missing = answer.rubric.structureMap.filter { !$0.isPresent }.map(\.name)
        out += "<p class=\"note-line\">Fillers and watch-words are highlighted; hover a word for its time and the"
            + " recogniser's confidence; a sentence's time jumps to its tick on the timeline, and each tick back here."
        if !missing.isEmpty { out += " Not found: " + HTMLText.escape(missing.joined(separator: ", ")) + "." }
        out += "</p>\n<div class=\"transcript\">\n"
        guard !sentences.isEmpty else {
            return out + "<p class=\"note-line\">No words were recognised.</p>\n</div></section>\n"
        }
        let marks = WordMarks(transcript: answer.transcript, metrics: answer.metrics)
        let names = Dictionary(answer.rubric.structureMap.map { ($0.sectionID, $0.name) }, uniquingKeysWith: { a, _ in a })
        var currentSection: String?? = .none
        var acoustic = marks.acoustic[...]
        for (index, sentence) in sentences.enumerated() {
            if currentSection != .some(sentence.sectionID) {
                if let id = sentence.sectionID {
                    let slot = sectionSlots[id] ?? 0
                    out += "<h3 id=\"\(Self.sectionAnchor(id))\" class=\"sec-\(slot)\">\(HTMLText.escape(names[id] ?? id))</h3>\n"
                }
                currentSection = .some(sentence.sectionID)
            }
            let slotClass = sentence.sectionID.map { " sec-\(sectionSlots[$0] ?? 0)" } ?? ""
            let sectionTitle = sentence.sectionID.map { " · " + (names[$0] ?? $0) } ?? ""
            out += "<span class=\"sentence\(slotClass)\" id=\"s\(index + 1)\""
            if let id = sentence.sectionID { out += " data-section=\"\(HTMLText.escape(id))\"" }
            out += "><a class=\"time\" href=\"#t-s\(index + 1)\" title=\"\(HTMLText.escape("sentence \(index + 1) · \(Format.clock(sentence.start))–\(Format.clock(sentence.end))\(sectionTitle)"))\">"
            out += TimelineChart.clock(sentence.start.rounded(.down)) + "</a>"
            var tokens: [String] = []
            var i = sentence.words.lowerBound
            let isLast = index == sentences.count - 1
            while i < sentence.words.upperBound {
                while let hit = acoustic.first, hit.start < words[i].start {
                    tokens.append(WordMarks.acousticMark(hit))
                    acoustic = acoustic.dropFirst()
                }
                if let (range, html) = marks.markedRun(startingAt: i, limit: sentence.words.upperBound) {
                    tokens.append(html)
                    i = range.upperBound
                } else {
                    tokens.append(WordMarks.word(words[i]))
                    i += 1
                }
            }
            if isLast {
                tokens += acoustic.map(WordMarks.acousticMark)
                acoustic = acoustic.dropFirst(acoustic.count)
            }
            out += tokens.joined(separator: " ") + "</span>\n"
        }
        return out + "</div></section>\n"
    }

    private func delivery() -> String {
        let rows = ScoreReport(answer: input.answer, title: "", palette: Palette(enabled: false)).deliveryRows(
            input.answer.metrics, wordsTrusted: input.answer.transcript.check?.trusted != false)
        var out = "<section id=\"delivery\"><h2>Delivery</h2>\n<table><tbody>\n"
        for row in rows {
            let badge = row.band.map { "<span class=\"badge band-\($0.rawValue)\"></span>" } ?? ""
            out += "<tr><th>\(HTMLText.escape(row.label))</th><td class=\"num\">\(HTMLText.escape(row.value))</td>"
                + "<td>\(badge)</td><td class=\"muted\">\(HTMLText.escape(row.detail))</td></tr>\n"
        }
        return out + "</tbody></table></section>\n"
    }

    private func rubric() -> String {
        var out = "<section id=\"rubric\"><h2>Rubric</h2>\n<div class=\"cards\">\n"
        for (name, criterion) in input.answer.rubric.criteria {
            guard let score = criterion.score else {
                out += "<div class=\"card not-judged\"><h3><span>\(HTMLText.escape(name))</span>"
                    + "<span class=\"score\">not judged</span></h3>"
                    + "<p>\(HTMLText.escape(ScoreReport.notJudgedDetail(criterion.reason)))</p></div>\n"
                continue
            }
            let band = ScoreLabel.band(score).rawValue
            out += "<div class=\"card band-\(band)\"><h3><span>\(HTMLText.escape(name))</span>"
                + "<span class=\"score\">\(score)/5 <span class=\"badge band-\(band)\"></span> \(ScoreLabel.word(score))</span></h3>"
                + "<p>\(HTMLText.escape(criterion.reason))</p><p class=\"tier\">\(HTMLText.escape(ProvenanceText.name(criterion.tier)))</p></div>\n"
        }
        return out + "</div></section>\n"
    }

    private func tips() -> String {
        var out = "<section id=\"tips\"><h2>Tips</h2>\n"
        let tips = input.answer.rubric.tips
        guard !tips.isEmpty else { return out + "<p class=\"note-line\">No tips this time.</p></section>\n" }
        out += "<ol class=\"tips\">\n"
        for tip in tips {
            out += "<li><div>\(HTMLText.escape(tip.text))</div>"
            var evidence = HTMLText.escape(tip.evidence)
            if let at = tip.at {
                // The time links to the timeline; when the evidence already names a time, it is
                // not repeated beside it.
                let named = tip.evidence.contains(" at ") || tip.evidence.hasPrefix("at ")
                if !named { evidence += (evidence.isEmpty ? "" : " · ") + "<a href=\"#timeline\">at \(Format.clock(at))</a>" }
            }
            if !evidence.isEmpty { out += "<div class=\"evidence\">\(evidence)</div>" }
            out += "</li>\n"
        }
        return out + "</ol></section>\n"
    }

    private func footer() -> String {
        let m = input.answer.metrics, q = m.quality
        var line = "noise floor \(Format.fixed(q.noiseFloorDB, 0)) dBFS"
        if let snr = q.snrDB { line += " · SNR \(Format.fixed(snr, 0)) dB" }
        line += " · clipping \(Format.fixed(q.clippingRatio * 100, 2)) %"
        line += " · speech \(Format.fixed(m.speechRatio * 100, 0)) % of the recording"
        var out = "<footer id=\"quality\"><h2>Recording</h2>\n<p>\(HTMLText.escape(line))</p>\n"
        for warning in q.warnings {
            out += "<p class=\"warning\">⚠ \(HTMLText.escape(warning.advice))</p>\n"
        }
        for line in ProvenanceText.degraded(input.answer.rubric.provenance) {
            out += "<p class=\"warning\">⚠ \(HTMLText.escape(line))</p>\n"
        }
        if let note = input.tracksNote { out += "<p class=\"warning\">⚠ \(HTMLText.escape(note))</p>\n" }
        out += "<p>Made by savvy \(SavvyCLI.version) from session \(input.session.id) (\(HTMLText.escape(RawPath.displayed(input.session.sourceName))))."
            + " Delivery numbers are measured, never guessed by a model; CPPS is a trend to watch, not a diagnosis.</p>\n"
        return out + "</footer>\n"
    }

    // MARK: helpers

    /// The tiers that judged, in plain words, without repeats ("measured, no model, local rubric").
    static func tiers(_ rubric: ScoreRubric) -> String {
        var seen: [String] = []
        for outcome in rubric.provenance.outcomes where !seen.contains(ProvenanceText.name(outcome.tier, model: outcome.model)) {
            seen.append(ProvenanceText.name(outcome.tier, model: outcome.model))
        }
        return seen.isEmpty ? "—" : seen.joined(separator: ", ")
    }

    /// An anchor id made only of letters, digits and dashes, whatever a user drill calls its sections.
    static func sectionAnchor(_ id: String) -> String {
        "sec-" + String(id.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// The overall score's band: the same thresholds as one criterion (4 and up green, 3 amber).
    static func bandClass(_ overall: Double) -> String {
        "band-" + (overall >= 4 ? Band.green : overall >= 3 ? Band.amber : Band.red).rawValue
    }

    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
