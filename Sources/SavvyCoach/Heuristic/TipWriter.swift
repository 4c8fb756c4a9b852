/// Evidence-backed coaching tips from the numbers and the structure map.
///
/// Each candidate has a severity (2 = red band or missing section, 1 = amber, 0 = a strength to
/// keep); the most severe come first, ties in a fixed order, so the same input gives the same tips.
public enum TipWriter {
    /// Two to four tips: model tips first (at most two), then evidence tips by severity.
    public static func tips(
        summary: DeliverySummary, drill: Drill, structureMap: [StructureSpan], prompt: String,
        relevance: CriterionScore, modelTips: [CoachingTip]
    ) -> [CoachingTip] {
        var candidates: [(severity: Int, tip: CoachingTip)] = []
        func add(_ severity: Int, _ text: String, _ evidence: String, at: Double? = nil) {
            candidates.append((severity, CoachingTip(text: text, evidence: evidence, at: at, tier: .deterministic)))
        }

        let found = structureMap.filter(\.isPresent)
        for (position, span) in structureMap.enumerated() where !span.isPresent {
            let section = drill.sections.first { $0.id == span.sectionID }
            let before = structureMap[..<position].last(where: \.isPresent)
            let placement = before.map { "after the \($0.name) (ends \(Clock.format($0.end ?? 0)))" } ?? "early on"
            let foundList = found.map { "\($0.name) at \(Clock.format($0.start ?? 0))" }.joined(separator: ", ")
            add(2, "Add \(Self.article(span.name)) \(span.name) part \(placement): \(section?.purpose.lowercased() ?? "")",
                "\(span.name) not found" + (foundList.isEmpty ? "" : "; found \(foundList)"), at: before?.end)
        }

        let fillerBand = Bands.fillers.classify(summary.fillersPerMinute)
        if fillerBand != .green {
            let times = summary.fillerTimes.prefix(3).map(Clock.format).joined(separator: ", ")
            add(fillerBand == .red ? 2 : 1, "Replace fillers with a short silent pause; silence reads as confidence.",
                "\(summary.fillerCount) fillers (\(Clock.oneDecimal(summary.fillersPerMinute))/min)"
                    + (times.isEmpty ? "" : " at \(times)"), at: summary.fillerTimes.first)
        }

        if summary.wordCount > 0 {
            let paceBand = Bands.pace.classify(summary.wpm)
            if paceBand != .green {
                let fast = summary.wpm > 165
                add(paceBand == .red ? 2 : 1,
                    fast ? "Slow down: land each key point, then pause before the next."
                        : "Pick up the pace: shorter sentences and fewer restarts keep listeners with you.",
                    "\(Int(summary.wpm.rounded())) wpm against 120–165")
            } else {
                add(0, "Keep this pace; it is easy to follow.", "\(Int(summary.wpm.rounded())) wpm, inside 120–165")
            }
        }

        if summary.stallCount > 0 {
            add(1, "Plan the next sentence before finishing the current one to avoid long stalls.",
                "\(summary.stallCount) silences over 3 s, \(summary.longPauseCount) of 1–3 s")
        }

        if let sd = summary.pitchSDSemitones {
            let band = Bands.pitchVariety.classify(sd)
            if band != .green {
                add(band == .red ? 2 : 1, "Vary your pitch: lift on the key word of each sentence, drop at its end.",
                    "pitch SD \(Clock.oneDecimal(sd)) semitones, \(summary.monotoneSpanCount) monotone stretches")
            } else {
                add(0, "Keep the vocal variety; it holds attention.", "pitch SD \(Clock.oneDecimal(sd)) semitones")
            }
        }

        let miss = drill.target.relativeMiss(summary.durationSeconds)
        if miss > 0.15 {
            let over = summary.durationSeconds > drill.target.maxSeconds
            add(miss > 0.35 ? 2 : 1,
                over ? "Cut to the essentials: one example and one result are enough."
                    : "Develop it further: add a concrete example or a number.",
                "\(Int(summary.durationSeconds.rounded())) s against \(Int(drill.target.minSeconds))–\(Int(drill.target.maxSeconds)) s")
        }

        if relevance.score <= 2 {
            let keys = ContentWords.keyWords(prompt).prefix(4).joined(separator: ", ")
            add(2, "Answer the question that was asked and name its key words early.",
                "relevance \(relevance.score)/5; prompt key words: \(keys)")
        }

        if found.count == structureMap.count, let first = found.first {
            add(0, "Keep signposting each part; the structure was easy to follow.",
                "\(found.map(\.name).joined(separator: ", ")) found, starting at \(Clock.format(first.start ?? 0))")
        }

        let ordered = candidates.enumerated()
            .sorted { ($0.element.severity, -$0.offset) > ($1.element.severity, -$1.offset) }
            .map(\.element.tip)
        var result = Array(modelTips.prefix(2))
        for tip in ordered where result.count < 4 {
            if result.count >= 2, candidates.first(where: { $0.tip == tip })?.severity == 0 { break }
            result.append(tip)
        }
        return result
    }

    /// "a" or "an" for a section name ("an Action", "a Result").
    static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }
}
