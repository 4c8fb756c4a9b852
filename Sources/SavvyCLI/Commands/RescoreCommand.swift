import SavvySession
import Foundation
import SavvyStore

/// `savvy rescore ID|last`: score a stored session again from its stored audio.
enum RescoreCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "rescore",
        summary: "Score a stored session again (same audio; content judged anew, delivery identical)",
        positionals: [PositionalSpec("ID", help: "a session id from 'savvy history', or 'last'")],
        flags: [
            FlagSpec("retranscribe", help: "make a new transcript instead of reusing the stored one"),
            FlagSpec("drill", value: "ID", help: "judge against this drill instead of the session's (see 'savvy drills')"),
            FlagSpec("prompt", value: "TEXT", help: "judge against this question instead of the session's"),
            FlagSpec("no-save", help: "print the new judgment without adding it to the session (to try another drill or prompt)"),
        ] + ScoreCommand.scoringFlags,
        discussion: """
        Without --retranscribe the stored transcript is reused, so the delivery numbers are
        byte-identical to the first scoring. The new judgment is added to the session's history
        of scorings; nothing is overwritten. With --no-save it is only printed, and the session
        keeps its scorings, drill and prompt. Refuses when the stored audio is missing or changed.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        let found = try SavvyPaths.openExistingStore(context)
        let session = try SessionArgument.resolve(args.positionals[0], store: found, command: spec.name)
        guard let store = found else { throw CLIError.noSessions }
        let audio = try snapshot(of: session, store: store)
        let paths = SavvyPaths(context)
        // A drill given here is checked like any flag value (unknown = exit 64); the session's
        // own drill, if it has since vanished from drills.json, is a plain failure.
        let make = {
            try ScorePipeline.make(context, paths: paths, cache: store, drillID: args.value("drill") ?? session.drill,
                                   prompt: args.value("prompt") ?? session.prompt)
        }
        let pipeline = args.has("drill") ? try DrillArgument.asUsage(command: spec.name, make) : try make()
        // The latest scoring's transcript and delivery are "the stored ones" (a retranscribed
        // scoring's, if that is the latest).
        let latest = try SessionArgument.answer(session, store: store)
        let answer: ScoredAnswer
        if args.has("retranscribe") {
            answer = try pipeline.score(audio, transcriber: try pipeline.makeTranscriber())
        } else {
            answer = try pipeline.score(audio, transcript: latest.transcript)
        }
        var scoring = try SessionRecorder.newScoring(answer.rubric, at: Date())
        let transcriptJSON = try SessionRecorder.encode(answer.transcript)
        let metricsJSON = try SessionRecorder.encode(answer.metrics)
        // A scoring keeps its own transcript and delivery whenever they are not the session's,
        // so its report and history row never mix two scorings.
        if transcriptJSON != session.transcriptJSON || metricsJSON != session.metricsJSON {
            let m = answer.metrics
            scoring.delivery = ScoringDelivery(
                transcriptJSON: transcriptJSON, asrEngine: answer.transcript.engine, asrModel: answer.transcript.model,
                metricsJSON: metricsJSON, metricsVersion: m.metricsVersion, lexiconVersion: m.lexiconVersion,
                wpm: m.pace.wpm, fillersPerMinute: answer.judgedFillersPerMinute, pitchSD: m.pitch?.sdSemitones, cpps: m.voice?.cppsDB)
        }
        // What-if judging (another drill or prompt) must not become the session's latest scoring:
        // its report, history row and progress would then follow the trial.
        let saved = !args.has("no-save")
        if saved {
            try store.addScoring(sessionID: session.id, scoring, drill: answer.rubric.drillID, prompt: answer.rubric.prompt)
        }
        let identical = try metricsJSON == SessionRecorder.encode(latest.metrics)
        let outcome = saved ? "new scoring added to session \(session.id)" : "nothing saved (--no-save); session \(session.id) unchanged"
        if args.has("json") {
            context.stdout.write(try StableJSON.encode(ScoreJSON(answer, session: session.id)))
        } else {
            context.stdout.write(ScoreReport(answer: answer, title: "session \(session.id) · \(session.sourceName)",
                                             palette: context.palette).render())
            context.stdout.write(context.palette.dim(identical
                ? "delivery numbers identical to the stored ones; \(outcome)"
                : "delivery numbers differ from the stored ones (new transcript or newer metrics); \(outcome)") + "\n")
        }
        return .success
    }

    /// The stored recording, read once and checked against its SHA-256 before any work: a
    /// recording replaced by a link to a device or a FIFO is refused at once instead of hanging.
    static func snapshot(of session: StoredSession, store: SessionStore) throws -> InputSnapshot {
        let path = store.recordingURL(of: session).path
        let snapshot: InputSnapshot
        do {
            snapshot = try InputSnapshot(path: path)
        } catch SessionError.cannotReadInput(_, let reason) where reason == "no such file" {
            throw StoreError.recordingMissing(path: path)
        }
        guard snapshot.sha256 == session.audioSHA256 else {
            throw StoreError.recordingChanged(path: path, expected: session.audioSHA256, found: snapshot.sha256)
        }
        return snapshot
    }
}
