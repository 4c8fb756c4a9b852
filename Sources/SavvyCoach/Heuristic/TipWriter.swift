/// Evidence-backed coaching tips from the numbers, the criteria and the structure map.
///
/// Each candidate belongs to the criterion it would raise and has a severity (2 = red band or
/// missing section, 1 = amber, 0 = a strength to keep). Problems come first, the weakest
/// criterion's first (lowest score, then higher severity, then a fixed order), strengths last,
/// so the same input gives the same tips. Tips only name sections as the map has them: no
/// "add a Result" when one was found, no "add an example" when the answer has one.
public enum TipWriter {
    /// The criteria scores tips are ranked by (1–5 each).
    public struct Scores: Sendable, Equatable {
        public var structure: Int
        public var relevance: Int
        public var fluency: Int
        public var pace: Int
        public var engagement: Int
        public var conciseness: Int

        public init(structure: Int, relevance: Int, fluency: Int, pace: Int, engagement: Int, conciseness: Int) {
            self.structure = structure
            self.relevance = relevance
            self.fluency = fluency
            self.pace = pace
            self.engagement = engagement
            self.conciseness = conciseness
        }
    }

    /// Two to four tips: model tips first (at most two), then evidence tips by impact.
    public static func tips(
        summary: DeliverySummary, drill: Drill, structureMap: [StructureSpan], inOrder: Bool, prompt: String,
        relevance: CriterionScore, scores: Scores, modelTips: [CoachingTip]
    ) -> [CoachingTip] {
        var candidates: [(criterion: Int, severity: Int, tip: CoachingTip)] = []
        func add(_ criterion: Int, _ severity: Int, _ text: String, _ evidence: String, at: Double? = nil) {
            candidates.append((criterion, severity, CoachingTip(text: text, evidence: evidence, at: at, tier: .deterministic)))
        }

        let found = structureMap.filter(\.isPresent)
        if found.isEmpty, !structureMap.isEmpty {
            // Nothing of the drill's shape at all: one tip for the whole shape, not one per part.
            let parts = structureMap.map(\.name).joined(separator: ", ")
            add(scores.structure, 2,
                "Answer the prompt in the \(drill.titleInSentence)'s shape: \(parts), in that order.",
                "no section found")
        } else {
            for (position, span) in structureMap.enumerated() where !span.isPresent {
                let section = drill.sections.first { $0.id == span.sectionID }
                let before = structureMap[..<position].last(where: \.isPresent)
                let placement = before.map { "after the \($0.name) (ends \(Clock.format($0.end ?? 0)))" } ?? "early on"
                let foundList = found.map { "\($0.name) at \(Clock.format($0.start ?? 0))" }.joined(separator: ", ")
                add(scores.structure, 2,
                    "Add \(Plural.article(span.name)) \(span.name) part \(placement): \(section?.purpose.lowercased() ?? "")",
                    "\(span.name) not found; found \(foundList)", at: before?.end)
            }
        }
        if !inOrder, found.count > 1 {
            let spoken = found.sorted { ($0.start ?? 0) < ($1.start ?? 0) }
            let expected = drill.sections.map(\.name).filter { name in found.contains { $0.name == name } }
            add(scores.structure, 2,
                "Tell the parts in order: \(expected.joined(separator: ", ")); listeners follow a familiar shape more easily.",
                "spoken as " + spoken.map { "\($0.name) at \(Clock.format($0.start ?? 0))" }.joined(separator: ", "),
                at: spoken.first?.start)
        }
        if let dominant = StructureAssessment.dominantSection(structureMap) {
            add(scores.structure, 1,
                "Trim the \(dominant.name) and give the time to the other parts.",
                "\(dominant.name) takes \(Int((dominant.share * 100).rounded()))% of the sections' time")
        }

        let fillerBand = Bands.fillers.classify(summary.fillersPerMinute)
        if fillerBand != .green {
            // Whole seconds: two fillers in one second are one time, not "0:01, 0:01".
            var times: [String] = []
            for time in summary.fillerTimes.map(Clock.format) where !times.contains(time) && times.count < 3 { times.append(time) }
            add(scores.fluency, fillerBand == .red ? 2 : 1,
                "Replace fillers with a short silent pause; silence reads as confidence.",
                "\(Plural.count(summary.fillerCount, "filler")) (\(Clock.oneDecimal(summary.fillersPerMinute))/min)"
                    + (times.isEmpty ? "" : " at " + times.joined(separator: ", ")), at: summary.fillerTimes.first)
        }

        if summary.wordCount > 0 {
            let paceBand = Bands.pace.classify(summary.wpm)
            if paceBand != .green {
                let fast = summary.wpm > 165
                add(scores.pace, paceBand == .red ? 2 : 1,
                    fast ? "Slow down: land each key point, then pause before the next."
                        : "Pick up the pace: shorter sentences and fewer restarts keep listeners with you.",
                    "\(Int(summary.wpm.rounded())) wpm against 120–165")
            } else {
                add(scores.pace, 0, "Keep this pace; it is easy to follow.", "\(Int(summary.wpm.rounded())) wpm, inside 120–165")
            }
        }

        if summary.stallCount > 0 {
            add(scores.fluency, 1, "Plan the next sentence before finishing the current one to avoid long stalls.",
                "\(Plural.count(summary.stallCount, "silence")) over 3 s, \(summary.longPauseCount) of 1–3 s")
        }

        if let sd = summary.pitchSDSemitones {
            let band = Bands.pitchVariety.classify(sd)
            if band != .green {
                add(scores.engagement, band == .red ? 2 : 1,
                    "Vary your pitch: lift on the key word of each sentence, drop at its end.",
                    "pitch SD \(Clock.oneDecimal(sd)) semitones, \(Plural.count(summary.monotoneSpanCount, "monotone stretch", "monotone stretches"))")
            } else {
                add(scores.engagement, 0, "Keep the vocal variety; it holds attention.", "pitch SD \(Clock.oneDecimal(sd)) semitones")
            }
        }

        let miss = drill.target.relativeMiss(summary.durationSeconds)
        if miss > 0.15 {
            let over = summary.durationSeconds > drill.target.maxSeconds
            add(scores.conciseness, miss > 0.35 ? 2 : 1,
                over ? "Cut to the essentials: keep each part to its main point." : developTip(structureMap),
                "\(Int(summary.durationSeconds.rounded())) s against \(Int(drill.target.minSeconds))–\(Int(drill.target.maxSeconds)) s")
        }

        if let score = relevance.score, score <= 2 {
            let keys = ContentWords.keyWords(prompt).prefix(4).joined(separator: ", ")
            add(scores.relevance, 2, "Answer the question that was asked and name its key words early.",
                "relevance \(score)/5; prompt key words: \(keys)")
        }

        if found.count == structureMap.count, inOrder, let first = found.first {
            add(scores.structure, 0, "Keep signposting each part; the structure was easy to follow.",
                "\(found.map(\.name).joined(separator: ", ")) found, starting at \(Clock.format(first.start ?? 0))")
        }

        let ordered = candidates.enumerated()
            .sorted { a, b in
                let left = (a.element.severity == 0 ? 1 : 0, a.element.criterion, -a.element.severity, a.offset)
                let right = (b.element.severity == 0 ? 1 : 0, b.element.criterion, -b.element.severity, b.offset)
                return left < right
            }
            .map(\.element)
        var result = Array(modelTips.filter { !contradicts($0, map: structureMap) }.prefix(2))
        for candidate in ordered where result.count < 4 {
            if result.count >= 2, candidate.severity == 0 { break }
            if !result.contains(where: { $0.text == candidate.tip.text }) { result.append(candidate.tip) }
        }
        return result
    }

    /// For a short answer: name the thinnest part the map found rather than asking for a part
    /// (an example, a result) the answer already has. With three or more sections, only the
    /// middle ones are candidates: the first frames and the last sums up (a PREP Point is one
    /// sentence by design), so "give it a concrete detail or a number" belongs to the body.
    static func developTip(_ map: [StructureSpan]) -> String {
        let timed = map.enumerated().compactMap { position, span -> (name: String, length: Double, middle: Bool)? in
            guard let start = span.start, let end = span.end else { return nil }
            return (span.name, end - start, map.count < 3 || (position > 0 && position < map.count - 1))
        }
        let candidates = timed.contains(where: \.middle) ? timed.filter(\.middle) : timed
        guard timed.count >= 2, let thinnest = candidates.min(by: { $0.length < $1.length }) else {
            return "Develop it further: add a concrete detail or a number."
        }
        return "Develop it further: the \(thinnest.0) is the thinnest part; give it a concrete detail or a number."
    }

    /// Whether a tip asks to add a section the map found ("add a Result", "add an example").
    static func contradicts(_ tip: CoachingTip, map: [StructureSpan]) -> Bool {
        let words = TextNormalizer.tokens(tip.text)
        guard let add = words.firstIndex(where: { ["add", "include"].contains($0) }) else { return false }
        let asked = Set(words[add...].prefix(4))
        return map.contains { span in
            span.isPresent && (asked.contains(span.name.lowercased()) || asked.contains(span.sectionID))
        }
    }
}
