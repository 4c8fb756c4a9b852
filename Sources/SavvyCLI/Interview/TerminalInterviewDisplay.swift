import SavvySession

/// Writes an interview's progress on stderr: each question or follow-up as the coach says it,
/// the recording (status line on a terminal), and one line per scored or unanswered turn.
final class TerminalInterviewDisplay: InterviewDisplay {
    private let stderr: any OutputSink
    private let palette: Palette
    let recording: any RecordingDisplay

    init(stderr: any OutputSink, palette: Palette, recording: any RecordingDisplay) {
        self.stderr = stderr
        self.palette = palette
        self.recording = recording
    }

    func asking(_ turn: InterviewTurnPlan) {
        let label = turn.kind == .question ? "Q\(turn.questionNumber)" : "follow-up"
        stderr.write("\n" + palette.bold(label) + "  " + palette.cyan("“\(turn.text)”") + "\n")
        if let reason = turn.followUp?.reason {
            stderr.write(palette.dim("  (\(reason))") + "\n")
        }
    }

    func scoring(_ turn: InterviewTurnPlan) {
        stderr.write(palette.dim("scoring…") + "\n")
    }

    func answered(_ turn: InterviewTurnPlan, answer: ScoredAnswer, sessionID: Int64) {
        let pace = answer.metrics.pace.wpm.map { " · \(Format.fixed($0, 0)) wpm" } ?? ""
        let overall = answer.rubric.overall.map { "scored \(Format.fixed($0, 1))/5" } ?? "not judged"
        stderr.write("\(overall)\(pace) · session \(sessionID)\n")
    }

    func unanswered(_ turn: InterviewTurnPlan, why: String) {
        stderr.write(palette.yellow(why) + "\n")
    }
}
