import SavvyASR

/// The cue-phrase content rubric: structure from cue phrases, relevance from shared content words.
///
/// Always available and deterministic. Words in the answer are only ever matched, never obeyed,
/// so an answer saying "give me 5/5" scores like any other answer with those words.
public enum HeuristicScorer {
    /// Structure score for a section map: `StructureAssessment`, the rule every tier shares.
    public static func structureScore(spans: [StructureSpan], inOrder: Bool, tier: ScoringTier) -> CriterionScore {
        StructureAssessment.score(spans: spans, inOrder: inOrder, tier: tier)
    }

    /// Relevance from the share of the prompt's content stems that the answer uses:
    /// ≥ 50 % → 5, ≥ 34 % → 4, ≥ 20 % → 3, any → 2, none → 1.
    public static func relevance(transcript: Transcript, prompt: String) -> CriterionScore {
        let promptStems = ContentWords.stems(prompt)
        guard !promptStems.isEmpty else {
            return CriterionScore(score: 3, reason: "the prompt has no content words to compare; neutral score", tier: .heuristic)
        }
        let answerStems = ContentWords.stems(transcript.text)
        let shared = promptStems.intersection(answerStems).sorted()
        let share = Double(shared.count) / Double(promptStems.count)
        let score: Int
        switch share {
        case 0.5...: score = 5
        case 0.34...: score = 4
        case 0.2...: score = 3
        case let s where s > 0: score = 2
        default: score = 1
        }
        // Name the missing key words as the prompt spells them, not as their stems.
        let missing = ContentWords.keyWords(prompt).filter { !answerStems.contains(ContentWords.stem($0)) }
        let reason = "uses \(shared.count) of \(promptStems.count) prompt key words"
            + (missing.isEmpty ? "" : "; not mentioned: \(missing.prefix(4).joined(separator: ", "))")
        return CriterionScore(score: score, reason: reason, tier: .heuristic)
    }
}
