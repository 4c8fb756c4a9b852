import SavvyStore

/// One turn the coach is about to take: what it says and where it sits in the interview.
public struct InterviewTurnPlan: Sendable, Equatable {
    /// 1-based order in the interview.
    public var position: Int
    /// The bank question this turn belongs to (1-based); follow-ups share their question's.
    public var questionNumber: Int
    public var kind: InterviewTurnRecord.Kind
    public var text: String
    /// The follow-up's evidence; `nil` for a bank question.
    public var followUp: FollowUp?

    public init(position: Int, questionNumber: Int, kind: InterviewTurnRecord.Kind, text: String, followUp: FollowUp?) {
        self.position = position
        self.questionNumber = questionNumber
        self.kind = kind
        self.text = text
        self.followUp = followUp
    }
}
