import Foundation
import SavvySession

/// The interview summary as text: every turn with its score, the best and weakest answer, and
/// the three things to work on. Printed at the end of `interview` and by `show --interview`.
struct InterviewReport {
    let id: Int64
    let drill: String
    let voice: String
    let summary: InterviewSummary
    let palette: Palette

    func render() -> String {
        let questions = Set(summary.turns.map(\.questionNumber)).count
        var out = palette.bold("Interview \(id)") + palette.dim(" · \(drill) · \(questions) question\(questions == 1 ? "" : "s") · \(voice)") + "\n"
        for turn in summary.turns {
            let label = turn.kind == "question" ? "Q\(turn.questionNumber)" : "  ↳"
            let score: String
            if let overall = turn.overall {
                score = Format.fixed(overall, 1) + "/5" + palette.dim(turn.sessionID.map { "  session \($0)" } ?? "")
            } else {
                score = palette.yellow(turn.outcome)
            }
            out += "  \(label.padding(4)) “\(turn.text)”  \(score)\n"
            if let reason = turn.reason {
                out += palette.dim("       because: \(reason)") + "\n"
            }
        }
        if let best = turn(summary.best), let weakest = turn(summary.weakest) {
            out += "\n" + "  " + "Best answer".padding(16) + describe(best) + "\n"
            out += "  " + "Weakest answer".padding(16) + describe(weakest) + "\n"
        } else {
            out += "\n  no question was answered\n"
        }
        if !summary.workOn.isEmpty {
            out += "\n" + palette.bold("Work on") + "\n"
            for (index, item) in summary.workOn.enumerated() {
                out += "  \(index + 1). \(item)\n"
            }
        }
        return out
    }

    private func turn(_ position: Int?) -> InterviewSummary.Turn? {
        position.flatMap { p in summary.turns.first { $0.position == p } }
    }

    private func describe(_ turn: InterviewSummary.Turn) -> String {
        "Q\(turn.questionNumber) " + Format.fixed(turn.overall ?? 0, 1) + "/5" + palette.dim(turn.sessionID.map { " (session \($0))" } ?? "")
    }
}

/// The interview as JSON: id, drill, voice and the summary (sorted keys, fixed precision).
struct InterviewJSON: Encodable {
    let interview: Int64
    let drill: String
    let voice: String
    let summary: InterviewSummary
}
