import SavvyCoach

/// The end of an interview: every turn's score, the best and weakest answer, and three things to
/// work on. Stored as JSON with the interview so `show` repeats it exactly.
public struct InterviewSummary: Sendable, Equatable, Codable {
    /// One turn as summarised.
    public struct Turn: Sendable, Equatable, Codable {
        public var position: Int
        public var questionNumber: Int
        /// `question` or `follow-up`.
        public var kind: String
        public var text: String
        /// The follow-up's evidence.
        public var reason: String?
        public var sessionID: Int64?
        /// Overall score 1–5; `nil` when unanswered.
        public var overall: Double?
        /// `answered`, `no answer`.
        public var outcome: String

        public init(position: Int, questionNumber: Int, kind: String, text: String, reason: String?, sessionID: Int64?,
                    overall: Double?, outcome: String) {
            self.position = position
            self.questionNumber = questionNumber
            self.kind = kind
            self.text = text
            self.reason = reason
            self.sessionID = sessionID
            self.overall = overall
            self.outcome = outcome
        }
    }

    public var turns: [Turn]
    /// Position of the best- and the weakest-scored bank-question answer (`nil`: none answered).
    public var best: Int?
    public var weakest: Int?
    /// Up to three short lines, most important first.
    public var workOn: [String]

    public init(turns: [Turn], best: Int?, weakest: Int?, workOn: [String]) {
        self.turns = turns
        self.best = best
        self.weakest = weakest
        self.workOn = workOn
    }

    /// Builds the summary from the turns and the scored answers (keyed by position).
    ///
    /// Best and weakest compare the answers to bank questions (follow-ups are short by design
    /// and judged on the free drill). Things to work on come first from the follow-up evidence
    /// (what the coach had to ask about, most frequent first), then from the criteria with the
    /// lowest mean score over the answers, each with the reason from its weakest answer.
    public static func make(turns: [Turn], answers: [Int: ScoreRubric]) -> InterviewSummary {
        let main = turns.filter { $0.kind == "question" && $0.overall != nil }
        // Ties go to the earlier answer for best and the later one for weakest, so one answered
        // question is both, and equal scores still name two different answers.
        let best = main.max { a, b in a.overall! < b.overall! || (a.overall! == b.overall! && a.position > b.position) }
        let weakest = main.min { a, b in a.overall! < b.overall! || (a.overall! == b.overall! && a.position > b.position) }

        var workOn: [String] = []
        var evidence: [(reason: String, questions: [Int])] = []
        for turn in turns where turn.kind == "follow-up" {
            let key = Self.theme(turn.text)
            if let index = evidence.firstIndex(where: { $0.reason == key }) {
                if !evidence[index].questions.contains(turn.questionNumber) { evidence[index].questions.append(turn.questionNumber) }
            } else {
                evidence.append((key, [turn.questionNumber]))
            }
        }
        for item in evidence.enumerated().sorted(by: { ($0.element.questions.count, -$0.offset) > ($1.element.questions.count, -$1.offset) }) {
            let list = item.element.questions.map(String.init).joined(separator: ", ")
            workOn.append("\(item.element.reason) (question\(item.element.questions.count == 1 ? "" : "s") \(list))")
        }
        let rubrics = main.compactMap { answers[$0.position] }
        if !rubrics.isEmpty {
            let names = rubrics[0].criteria.map(\.name)
            var ranked: [(name: String, mean: Double, reason: String, order: Int)] = []
            for (order, name) in names.enumerated() {
                // Answers where the criterion was not judged (an untrusted transcript) do not count.
                let scores = rubrics.compactMap { rubric in
                    rubric.criteria.first { $0.name == name }.flatMap { item in item.score.score.map { ($0, item.score.reason) } }
                }
                guard let weakest = scores.min(by: { $0.0 < $1.0 }) else { continue }
                let mean = Double(scores.map(\.0).reduce(0, +)) / Double(scores.count)
                ranked.append((name, mean, weakest.1, order))
            }
            ranked.sort { ($0.mean, $0.order) < ($1.mean, $1.order) }
            for item in ranked where workOn.count < 3 && item.mean < 5 {
                workOn.append("\(item.name) \(FixedDecimal.format(item.mean, 1))/5: \(item.reason)")
            }
        }
        return InterviewSummary(turns: turns, best: best?.position, weakest: weakest?.position, workOn: Array(workOn.prefix(3)))
    }

    /// The habit behind a follow-up question, as a thing to work on.
    static func theme(_ question: String) -> String {
        switch question {
        case FollowUpPlanner.resultQuestion: return "End with the Result: what changed, with a number"
        case FollowUpPlanner.actionQuestion: return "Say what you did yourself: \"I\", not only \"we\""
        case FollowUpPlanner.overTimeQuestion: return "Keep to the target length: lead with the one-sentence version"
        default: return "Answer the follow-up in the first answer: \(question)"
        }
    }
}
