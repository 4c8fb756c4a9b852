import SavvySession

/// The live pace, filler counter and nudges on the recording status line, for `practice` and
/// `interview`: on a terminal only (nobody sees them otherwise).
enum LiveFeedback {
    static let flag = FlagSpec("no-nudges", help: "no \"slow down\" / \"pause instead of um\" nudges while recording (pace and fillers still show)")

    /// Attaches a live recogniser to each recording; `nil` when stderr is not a terminal.
    static func hook(_ context: CommandContext) -> InterviewRunner.RecorderHook? {
        guard context.stderr.isTerminal else { return nil }
        let nudges = !context.arguments.has("no-nudges")
        return { recorder in
            // Without pocketsphinx there is simply no live line; the recording itself works.
            guard let coach = try? LiveCoach(nudges: nudges) else { return {} }
            coach.attach(to: recorder)
            return { coach.finish() }
        }
    }
}
