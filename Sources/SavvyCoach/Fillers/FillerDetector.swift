import Foundation
import SavvyASR

/// Finds fillers in a transcript with a `FillerLexicon`, deciding ambiguous words by position.
///
/// Both engines write "like", "you know" or "so" as ordinary words, so whether one is a filler
/// depends on its neighbours and on pauses ("so, um, I was like leading the team" has three
/// fillers; "I like this, so that it works" has none). The rules are deliberately cautious: a
/// word is counted only in a position where the non-filler reading is unlikely, so reported
/// counts lean low rather than accusing the speaker of fillers they did not use.
///
/// Pure and deterministic: the same transcript and silences give the same hits.
public struct FillerDetector: Sendable {
    public var lexicon: FillerLexicon
    /// A word gap (or VAD silence) at least this long, in seconds, counts as a pause. 0.3 s sits
    /// above the ASR's own boundary jitter (≈0.1 s) and below the 0.25–1 s hesitation range.
    public var pauseSeconds: Double

    public init(lexicon: FillerLexicon = .standard, pauseSeconds: Double = 0.3) {
        self.lexicon = lexicon
        self.pauseSeconds = pauseSeconds
    }

    /// Lexicon fillers in `transcript`'s words, in time order, read with the engine's punctuation
    /// where it wrote any (`TranscriptWord.display`).
    /// - Parameter silences: optional VAD silent spans (seconds); a silence of `pauseSeconds` or
    ///   more between two words marks a pause even when the ASR closed the gap.
    public func detect(in transcript: Transcript, silences: [(start: Double, end: Double)] = []) -> [FillerHit] {
        detect(in: transcript.words, displays: transcript.words.map(\.display), silences: silences)
    }

    /// Lexicon fillers in `words`, in time order.
    /// - Parameters:
    ///   - displays: each word as the engine wrote it, with punctuation ("engineer,", "So."), or
    ///     nil where the engine gave none. Punctuation outranks timing: a comma before "so" says
    ///     the engine heard one running sentence ("the on-call engineer, so it was on me"), while a
    ///     full stop says a new one starts, whatever the pause.
    ///   - silences: optional VAD silent spans (seconds); a silence of `pauseSeconds` or more
    ///     between two words marks a pause even when the ASR closed the gap.
    public func detect(in words: [TranscriptWord], displays: [String?],
                       silences: [(start: Double, end: Double)] = []) -> [FillerHit] {
        let context = Context(
            words: words.map { $0.text.lowercased() },
            times: words.map { ($0.start, $0.end) },
            punctuation: words.indices.map { displays.indices.contains($0) ? displays[$0].map { Punctuation(display: $0) } : nil },
            silences: silences.filter { $0.end - $0.start >= pauseSeconds },
            pauseSeconds: pauseSeconds
        )
        // Longest phrase first, so "you know" is tried before a single-word entry at the same place.
        let entries = lexicon.entries.sorted { $0.words.count > $1.words.count }
        var hits: [FillerHit] = []
        var hitEnds = Set<Int>()
        var index = 0
        while index < context.words.count {
            var matched: FillerLexicon.Entry?
            for entry in entries where context.matches(entry.words, at: index) {
                let end = index + entry.words.count
                let afterFiller = hitEnds.contains(index)
                if Self.isFiller(entry.rule, start: index, end: end, context: context, afterFiller: afterFiller) {
                    matched = entry
                    break
                }
            }
            guard let entry = matched else {
                index += 1
                continue
            }
            let end = index + entry.words.count
            let span = words[index..<end]
            hits.append(FillerHit(
                start: span.first!.start,
                end: span.last!.end,
                text: entry.phrase,
                source: .lexicon,
                confidence: span.map(\.confidence).min() ?? 0
            ))
            hitEnds.insert(end)
            index = end
        }
        return hits
    }

    // MARK: - Rules

    private static let conjunctions: Set<String> = ["and", "but", "or", "because", "cause", "then"]
    private static let subjects: Set<String> = ["i", "you", "we", "they", "he", "she", "it", "people", "who", "i'd", "we'd", "you'd", "they'd"]
    private static let beForms: Set<String> = ["is", "was", "were", "are", "am", "be", "been", "being", "it's", "that's", "i'm", "he's", "she's", "we're", "they're", "you're"]
    /// Words after which "like" is a verb or a comparison, not a filler.
    private static let likeGovernors: Set<String> = [
        "would", "could", "should", "might", "will", "do", "does", "did", "don't", "doesn't", "didn't",
        "to", "really", "also", "not", "feel", "feels", "felt", "look", "looks", "looked", "sound",
        "sounds", "sounded", "seem", "seems", "seemed", "just", "something", "anything", "nothing",
        "more", "much", "things", "stuff", "exactly", "kind", "sort",
    ]
    private static let determiners: Set<String> = [
        "a", "an", "the", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our",
        "their", "what", "which", "some", "any", "every", "each", "no", "one", "same", "different",
        "all", "whatever", "another",
    ]
    private static let objectPronouns: Set<String> = ["it", "him", "them", "me", "us", "her", "you"]
    /// Words after which "you know"/"I mean" is a real verb phrase, not a discourse marker.
    private static let discourseGovernors: Set<String> = ["do", "did", "don't", "didn't", "if", "what", "would", "as", "whether", "how"]
    /// Words that make "you know"/"I mean" take an object or complement.
    private static let complements: Set<String> = [
        "what", "that", "how", "why", "where", "who", "when", "if", "whether", "it", "him", "her",
        "them", "me", "us", "this", "the", "a", "an", "about", "to", "everything", "nothing",
    ]
    /// "so"/"well" right before these are an intensifier or adverb, not a discourse marker.
    private static let intensified: Set<String> = ["that", "much", "many", "far", "long", "done", "known", "being", "as"]
    /// Words that "right" completes.
    private static let rightGovernors: Set<String> = [
        "the", "turn", "turned", "to", "on", "is", "was", "be", "been", "that's", "it's", "exactly",
        "your", "my", "his", "her", "their", "our", "all", "just", "not", "you're", "i'm", "were", "are",
    ]

    /// Words after which "so" is a pro-form or part of a phrase ("I think so", "do so", "or so").
    private static let soGovernors: Set<String> = [
        "think", "hope", "guess", "suppose", "believe", "expect", "say", "said", "told", "do", "did",
        "does", "done", "doing", "not", "if", "or", "even", "just", "more", "less", "only", "why",
    ]

    private static func isFiller(_ rule: FillerRule, start: Int, end: Int, context: Context, afterFiller: Bool) -> Bool {
        let previous = context.word(start - 1)
        let next = context.word(end)
        let clauseStart = start == 0 || context.opensClause(at: start) || afterFiller
        let clauseEnd = end == context.words.count || context.closesClause(before: end)
        let nextIsFiller = next.map(isPlainFiller) ?? false
        switch rule {
        case .always:
            return true
        case .clauseStart:
            let word = context.words[start]
            if let previous, !clauseStart, soGovernors.contains(previous) { return false }
            // Repeated ("so so we…", "well well"): a stall, whatever the position.
            if next == word { return true }
            if clauseStart {
                guard let next else { return true }
                if intensified.contains(next) { return false }
                // After an earlier clause, "So" running straight into the next one is the result
                // connector ("We were late. So we apologised."; CallFriend: "you don't know, so
                // you don't even know"). A filler "so" opens the answer or stalls: a comma,
                // pause or filler after it, or a filler before it.
                if word == "so", start > 0, !afterFiller, !clauseEnd, !nextIsFiller { return false }
                return true
            }
            // Mid-clause it is a connector ("the engineer, so it was on me") unless the speaker
            // stalls on it: a conjunction before and a pause or filler after ("and so, um").
            guard let previous, conjunctions.contains(previous) else { return false }
            return clauseEnd || nextIsFiller
        case .clauseEdge:
            return clauseStart || clauseEnd || (previous.map(conjunctions.contains) ?? false)
        case .like:
            if let previous, !clauseStart, likeGovernors.contains(previous) || subjects.contains(previous) {
                return false
            }
            if clauseEnd || nextIsFiller || afterFiller { return true }
            guard let next else { return true }
            if determiners.contains(next) || (objectPronouns.contains(next) && !subjects.contains(next)) { return false }
            if next.hasSuffix("ing") { return true }
            if let previous, beForms.contains(previous) {
                // "was like I don't know" is a quotative filler; "was like putty" a comparison.
                return subjects.contains(next)
            }
            return clauseStart || (previous.map(conjunctions.contains) ?? false)
        case .discourse:
            if let previous, !clauseStart, discourseGovernors.contains(previous) { return false }
            if clauseEnd || nextIsFiller { return true }
            guard let next else { return true }
            return !complements.contains(next)
        case .hedge:
            if let previous, !clauseStart, determiners.contains(previous) { return false }
            if clauseEnd || nextIsFiller { return true }
            guard let next else { return true }
            return !determiners.contains(next)
        case .tag:
            guard clauseEnd else { return false }
            if let previous, !clauseStart, rightGovernors.contains(previous) { return false }
            return true
        }
    }

    /// Hesitation words that are fillers wherever they appear (used to read neighbours).
    static func isPlainFiller(_ word: String) -> Bool {
        FillerLexicon.standard.entries.contains { $0.rule == .always && $0.words == [word] }
    }

    /// The punctuation an engine wrote after a word: what it heard between that word and the next.
    enum Punctuation: Equatable {
        case none
        /// "," ";" ":" or a dash: the sentence runs on.
        case comma
        /// "..." or "…": the speaker trailed off, a pause.
        case trailing
        /// "." "?" "!": the sentence ended.
        case sentence

        init(display: String) {
            let token = display.trimmingCharacters(in: .whitespaces)
            if token.hasSuffix("...") || token.hasSuffix("…") {
                self = .trailing
            } else if let last = token.last, ".?!".contains(last) {
                self = .sentence
            } else if let last = token.last, ",;:-–—".contains(last) {
                self = .comma
            } else {
                self = .none
            }
        }
    }

    /// The words and timing the rules look at.
    private struct Context {
        var words: [String]
        var times: [(start: Double, end: Double)]
        /// Per word, the punctuation after it; nil where the engine wrote none (pocketsphinx).
        var punctuation: [Punctuation?]
        var silences: [(start: Double, end: Double)]
        var pauseSeconds: Double

        func word(_ index: Int) -> String? {
            words.indices.contains(index) ? words[index] : nil
        }

        func matches(_ phrase: [String], at index: Int) -> Bool {
            guard index + phrase.count <= words.count else { return false }
            return Array(words[index..<index + phrase.count]) == phrase
        }

        /// True when word `index` starts a clause: the engine ended a sentence before it or
        /// trailed off, or — with no punctuation, or none after the previous word — a pause
        /// separates them. A comma before it means the engine heard the sentence run on, which
        /// outranks a pause (speakers pause at commas).
        func opensClause(at index: Int) -> Bool {
            guard index > 0, index < words.count else { return false }
            switch punctuation[index - 1] {
            case .sentence?, .trailing?: return true
            case .comma?: return false
            case .none?, nil: return pause(before: index)
            }
        }

        /// True when word `index - 1` ends a clause: any punctuation after it, or a pause.
        func closesClause(before index: Int) -> Bool {
            guard index > 0, index < words.count else { return false }
            if let mark = punctuation[index - 1], mark != .none { return true }
            return pause(before: index)
        }

        /// True when a pause separates word `index - 1` from word `index`.
        func pause(before index: Int) -> Bool {
            guard index > 0, index < times.count else { return false }
            let gapStart = times[index - 1].end
            let gapEnd = times[index].start
            if gapEnd - gapStart >= pauseSeconds { return true }
            // A VAD silence that overlaps the boundary: ASR often stretches words over silence.
            let slack = 0.1
            return silences.contains { $0.start < gapEnd + slack && $0.end > gapStart - slack }
        }
    }
}
