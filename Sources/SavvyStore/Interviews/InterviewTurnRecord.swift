/// One turn of a stored interview: what the coach asked and the session that answered it.
public struct InterviewTurnRecord: Sendable, Equatable {
    /// Whether the coach asked a question from the bank or followed up on an answer.
    public enum Kind: String, Sendable, Codable {
        case question
        case followUp = "follow-up"
    }

    /// 1-based order in the interview.
    public var position: Int
    /// Which bank question this turn belongs to (a follow-up shares its question's number).
    public var questionNumber: Int
    public var kind: Kind
    /// What the coach said.
    public var text: String
    /// Why this follow-up was asked (the evidence), `nil` for a bank question.
    public var reason: String?
    /// The answer's session; `nil` when nobody answered or the session was deleted.
    public var sessionID: Int64?
    /// How the turn ended: `answered`, `no answer`, `not scored`.
    public var outcome: String

    public init(position: Int, questionNumber: Int, kind: Kind, text: String, reason: String?, sessionID: Int64?, outcome: String) {
        self.position = position
        self.questionNumber = questionNumber
        self.kind = kind
        self.text = text
        self.reason = reason
        self.sessionID = sessionID
        self.outcome = outcome
    }
}
