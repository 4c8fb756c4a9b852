import SavvySession
import Foundation
import SavvyStore
import SavvyFileSystem

/// `savvy show ID|last`: the full report of a stored session, and its exports.
enum ShowCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "show",
        summary: "Show a stored session's full report (or an interview's summary); export it as TextGrid or WebVTT",
        positionals: [PositionalSpec("ID", help: "a session id from 'savvy history', or 'last'")],
        flags: [
            FlagSpec("interview", help: "ID is an interview (from 'savvy history --interviews'): show its turns and summary"),
            FlagSpec("json", help: "print the session as JSON"),
            FlagSpec("textgrid", value: "FILE", help: "write a Praat TextGrid (words, fillers, pauses tiers); - for stdout"),
            FlagSpec("vtt", value: "FILE", help: "write a WebVTT transcript; - for stdout"),
            FlagSpec("scoring", value: "N", help: "show the session's Nth scoring (1 = the first) instead of the latest"),
        ])

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        if args.has("interview") {
            guard let store = try SavvyPaths.openExistingStore(context) else { throw CLIError.noInterviews }
            return try showInterview(args.positionals[0], store: store, context: context)
        }
        let found = try SavvyPaths.openExistingStore(context)
        let session = try SessionArgument.resolve(args.positionals[0], store: found, command: spec.name)
        guard let store = found else { throw CLIError.noSessions }
        let scorings = try store.scorings(sessionID: session.id)
        let number = try args.int("scoring", in: 1...Int(Int32.max))
        let answer = try SessionArgument.answer(session, store: store, scoring: number, command: spec.name)
        if let path = args.value("textgrid") {
            try OutputFile.write(TextGridExport.render(transcript: answer.transcript, metrics: answer.metrics,
                                            duration: session.duration), to: path, stdout: context.stdout)
        }
        if let path = args.value("vtt") {
            try OutputFile.write(WebVTTExport.render(transcript: answer.transcript, metrics: answer.metrics), to: path,
                                stdout: context.stdout)
        }
        if args.has("json") {
            context.stdout.write(try StableJSON.encode(ScoreJSON(answer, session: session.id)))
        } else if !args.has("textgrid") && !args.has("vtt") {
            let created = ISO8601DateFormatter.string(from: session.createdAt, timeZone: TimeZone(identifier: "UTC")!,
                                                      formatOptions: [.withInternetDateTime])
            context.stdout.write(ScoreReport(answer: answer, title: "session \(session.id) · \(session.sourceName)",
                                             palette: context.palette).render())
            let shown = number ?? scorings.count
            let which = scorings.count == 1 ? "1 scoring"
                : "scoring \(shown) of \(scorings.count)" + (shown < scorings.count ? " ('savvy show \(session.id)' for the latest)" : "")
            context.stdout.write(context.palette.dim("recorded \(created) · \(which) · audio \(RawPath.displayed(answer.source.path))") + "\n")
            context.stdout.write(context.palette.dim("as a page with a timeline: 'savvy report \(session.id)'") + "\n")
        }
        return .success
    }

    /// An interview's turns and end summary, as printed when it finished.
    static func showInterview(_ raw: String, store: SessionStore, context: CommandContext) throws -> ExitStatus {
        if context.arguments.has("textgrid") || context.arguments.has("vtt") {
            throw UsageError("'--textgrid' and '--vtt' export a session; show one of the interview's sessions instead", command: spec.name)
        }
        let id: Int64
        if raw == "last" {
            guard let last = try store.interviews(limit: 1).first?.id else { throw CLIError.noInterviews }
            id = last
        } else {
            guard let parsed = Int64(raw), parsed > 0 else {
                throw UsageError("'\(raw)' is not an interview id; use a number from 'savvy history --interviews' or 'last'", command: spec.name)
            }
            id = parsed
        }
        guard let interview = try store.interview(id: id) else { throw StoreError.interviewNotFound(id: id) }
        let summary = try InterviewListing.summary(of: interview)
        if context.arguments.has("json") {
            context.stdout.write(try StableJSON.encode(InterviewJSON(interview: interview.id, drill: interview.drill,
                                                                     voice: interview.voice, summary: summary)))
        } else {
            context.stdout.write(InterviewReport(id: interview.id, drill: interview.drill, voice: interview.voice,
                                                 summary: summary, palette: context.palette).render())
        }
        return .success
    }
}
