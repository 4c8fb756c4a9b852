/// Checks model quotes against the transcript and maps them to word times.
///
/// A quote is grounded when its normalised tokens (case, punctuation, whitespace folded) occur
/// as a contiguous run of transcript tokens. Anything else is dropped before it reaches a score:
/// a model cannot claim a section the speaker never said.
public enum Grounder {
    /// Quotes shorter than this many tokens are too common to prove anything ("so i").
    public static let minimumQuoteTokens = 3

    /// Where a quote was found.
    public struct Match: Sendable, Equatable {
        public var firstWord: Int
        public var lastWord: Int
        public var start: Double
        public var end: Double
    }

    /// Why a quote failed to ground, or where it is.
    public static func locate(_ quote: String, in index: TranscriptIndex) -> Location {
        let tokens = TextNormalizer.tokens(quote)
        let needed = min(minimumQuoteTokens, index.tokens.count)
        guard tokens.count >= max(1, needed) else { return .dropped(.tooShort) }
        guard let first = index.occurrences(of: tokens).first else { return .dropped(.notFound) }
        let firstWord = index.tokenWord[first]
        let lastWord = index.tokenWord[first + tokens.count - 1]
        return .found(Match(
            firstWord: firstWord, lastWord: lastWord, start: index.words[firstWord].start, end: index.words[lastWord].end))
    }

    /// A quote's place in the transcript, or why it has none.
    public enum Location: Sendable, Equatable {
        case found(Match)
        case dropped(DroppedReason)
    }

    /// Reasons a model quote is dropped.
    public enum DroppedReason: String, Sendable, Equatable {
        case tooShort = "quote too short"
        case notFound = "quote not found in transcript"
    }

    /// The structure map from model sections (one span per drill section, drill order), the
    /// sections dropped (ungrounded, a repeated section, or a quote starting where an earlier
    /// section's does), and whether the grounded sections are in drill order.
    static func structure(
        _ sections: [ModelJudgment.Section], drill: Drill, index: TranscriptIndex
    ) -> (spans: [StructureSpan], dropped: [DroppedSection], inOrder: Bool) {
        var matches: [String: Match] = [:]
        var dropped: [DroppedSection] = []
        for section in sections {
            if matches[section.id] != nil {
                dropped.append(DroppedSection(sectionID: section.id, why: "duplicate section"))
                continue
            }
            switch locate(section.quote, in: index) {
            case let .found(match):
                // Two sections cannot start at the same word: one quote proves one section, or a
                // model picking one span for every section would "find" them all.
                if let owner = drill.sections.first(where: { matches[$0.id]?.firstWord == match.firstWord }) {
                    dropped.append(DroppedSection(sectionID: section.id, why: "quote already used by \(owner.id)"))
                } else {
                    matches[section.id] = match
                }
            case let .dropped(reason): dropped.append(DroppedSection(sectionID: section.id, why: reason.rawValue))
            }
        }
        let spans = drill.sections.map { section -> StructureSpan in
            guard let match = matches[section.id] else {
                return StructureSpan(sectionID: section.id, name: section.name, quote: nil, start: nil, end: nil)
            }
            return StructureSpan(
                sectionID: section.id, name: section.name, quote: index.displayText(words: match.firstWord, match.lastWord),
                start: match.start, end: match.end)
        }
        let starts = drill.sections.compactMap { matches[$0.id]?.firstWord }
        let inOrder = zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }
        return (spans, dropped, inOrder)
    }

    /// Model tips whose quotes ground, with the time they point at; the rest are dropped.
    static func tips(_ tips: [ModelJudgment.Tip], index: TranscriptIndex, tier: ScoringTier)
        -> (tips: [CoachingTip], dropped: [DroppedSection])
    {
        var kept: [CoachingTip] = []
        var dropped: [DroppedSection] = []
        for tip in tips {
            switch locate(tip.quote, in: index) {
            case let .found(match):
                let quoted = index.displayText(words: match.firstWord, match.lastWord)
                kept.append(CoachingTip(
                    text: tip.text, evidence: "“\(quoted)” at \(Clock.format(match.start))", at: match.start, tier: tier))
            case let .dropped(reason):
                dropped.append(DroppedSection(sectionID: "tip", why: reason.rawValue))
            }
        }
        return (kept, dropped)
    }
}
