import SavvyASR
import SavvyCoach

/// Follow-up questions from the on-device evidence of one scored answer, most important first.
///
/// Each rule reads something the scoring already measured, so a follow-up is always about what
/// this answer said or left out:
/// 1. the drill has a Result section and none was found → ask for the outcome and a number;
/// 2. the Action is missing, or is told only as "we" with no "I" → ask what the speaker did;
/// 3. the answer ran past the drill's target length → ask for the one-sentence version.
public enum FollowUpPlanner {
    public static let resultQuestion = "What changed because of it — can you put a number on it?"
    public static let actionQuestion = "What exactly did you do yourself?"
    public static let overTimeQuestion = "Give me the one-sentence version."

    /// The follow-ups `answer` calls for under `drill`, in the order above (possibly none).
    public static func followUps(for answer: ScoredAnswer, drill: Drill) -> [FollowUp] {
        var result: [FollowUp] = []
        let map = answer.rubric.structureMap
        if drill.sections.contains(where: { $0.id == "result" }),
           let span = map.first(where: { $0.sectionID == "result" }), !span.isPresent {
            result.append(FollowUp(text: resultQuestion, reason: "no \(span.name) section found", source: .evidence))
        }
        if drill.sections.contains(where: { $0.id == "action" }),
           let span = map.first(where: { $0.sectionID == "action" }) {
            if !span.isPresent {
                result.append(FollowUp(text: actionQuestion, reason: "no \(span.name) section found", source: .evidence))
            } else if let counts = pronouns(in: span, map: map, transcript: answer.transcript), counts.i == 0, counts.we > 0 {
                result.append(FollowUp(
                    text: actionQuestion,
                    reason: "the \(span.name) says \"we\" \(counts.we) time\(counts.we == 1 ? "" : "s") and \"I\" never",
                    source: .evidence))
            }
        }
        let duration = answer.metrics.durationSeconds
        if duration > drill.target.maxSeconds {
            result.append(FollowUp(
                text: overTimeQuestion,
                reason: "the answer ran \(Int(duration.rounded())) s, over the \(Int(drill.target.maxSeconds)) s target",
                source: .evidence))
        }
        return result
    }

    /// First-person singular and plural subjects in `span`: from its start to the start of the
    /// next section found after it (or the end of the answer).
    static func pronouns(in span: StructureSpan, map: [StructureSpan], transcript: Transcript) -> (i: Int, we: Int)? {
        guard let start = span.start else { return nil }
        let end = map.compactMap(\.start).filter { $0 > start }.min() ?? .infinity
        var counts = (i: 0, we: 0)
        for word in transcript.words where word.start >= start && word.start < end {
            switch word.text.lowercased().trimmingCharacters(in: .punctuationCharacters) {
            case "i", "i'm", "i've", "i'd", "i'll", "me", "my", "myself": counts.i += 1
            case "we", "we're", "we've", "we'd", "we'll", "us", "our", "ourselves": counts.we += 1
            default: break
            }
        }
        return counts
    }
}
