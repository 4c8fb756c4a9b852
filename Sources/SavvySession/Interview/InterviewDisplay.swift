/// Where the interview loop reports what happens, so the library never prints; the CLI writes
/// the questions, the per-turn lines and the recording status on stderr.
///
/// Called on `InterviewRunner.run`'s thread only.
public protocol InterviewDisplay: AnyObject {
    /// Draws each answer's recording (status line, nudges).
    var recording: any RecordingDisplay { get }
    /// The coach is about to say `turn.text`.
    func asking(_ turn: InterviewTurnPlan)
    /// The answer was recorded and is being scored.
    func scoring(_ turn: InterviewTurnPlan)
    /// The answer was scored and saved as session `sessionID`.
    func answered(_ turn: InterviewTurnPlan, answer: ScoredAnswer, sessionID: Int64)
    /// The turn ended without an answer to score (`why` is one lower-case line).
    func unanswered(_ turn: InterviewTurnPlan, why: String)
}
