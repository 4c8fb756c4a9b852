import SavvySession
import Foundation
import SavvyASR
import SavvyCoach
import SavvyStore
import SavvyFileSystem

/// `savvy score FILE…`: transcribe, measure and judge recordings; each becomes a session.
enum ScoreCommand {
    static let command = Command(spec: spec, run: run)

    /// Flags shared by every command that scores (`score`, `rescore`, `practice`).
    static let scoringFlags: [FlagSpec] = [
        FlagSpec("asr", value: "ENGINE", help: "speech recogniser; auto picks whisper when installed",
                 choices: EngineChoice.allCases.map(\.rawValue), default: "auto"),
        FlagSpec("coach", value: "TIER", help: "who judges content: auto (configured LLM tiers, then the local rubric), heuristic, llm",
                 choices: CoachMode.allCases.map(\.rawValue), default: "auto"),
        FlagSpec("offline", help: "never call a cloud LLM, even when configured"),
        FlagSpec("no-cache", help: "ask the LLM again instead of reusing a cached judgment"),
        FlagSpec("avoid", value: "WORD", help: "flag each time WORD (or phrase) is said; repeatable", repeatable: true),
        FlagSpec("include", value: "WORD", help: "check that WORD (or phrase) is said; repeatable", repeatable: true),
        FlagSpec("json", help: "print the result as JSON (sorted keys, fixed precision)"),
    ]

    static let spec = CommandSpec(
        name: "score",
        summary: "Score recordings: delivery, transcript with fillers, content rubric; saves a session each",
        positionals: [PositionalSpec("FILE", help: "audio files (wav, flac, ogg; any rate, any channels)", variadic: true)],
        flags: [
            FlagSpec("drill", value: "ID", help: "what the answer was for (see 'savvy drills')", default: "free"),
            FlagSpec("prompt", value: "TEXT", help: "the question answered (drives the relevance score)"),
            FlagSpec("no-save", help: "do not save a session"),
            FlagSpec("jobs", value: "N", help: "score N files at a time", default: "1"),
            ThreadsArgument.flag,
            FlagSpec("transcript-out", value: "PATH", help: "write the transcript text (fillers in [brackets]) to PATH; a folder when scoring several files"),
            FlagSpec("report", value: "PATH", help: "also write the session's HTML report to PATH (as 'savvy report'); a folder when scoring several files"),
        ] + scoringFlags,
        discussion: """
        Delivery numbers never touch a model. Content is judged by the local rubric unless an LLM
        tier is configured (see README); only the transcript and the numbers are sent, never audio.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        let files = args.positionals
        let jobs = try args.int("jobs", in: 1...16) ?? 1
        let paths = SavvyPaths(context)
        let store: SessionStore? = args.has("no-save") ? nil : try SavvyPaths.openStore(context)
        let pipeline = try DrillArgument.asUsage(command: spec.name) { try ScorePipeline.make(context, paths: paths, cache: store) }
        if let out = args.value("transcript-out") {
            if files.count > 1 {
                guard RawPath.isDirectory(out) else {
                    throw UsageError("with several files '--transcript-out' must be an existing folder, got '\(out)'", command: spec.name)
                }
            } else if let problem = OutputFile.problem(at: out) {
                // Checked before any work: a path that cannot be written costs no scoring and
                // saves no session.
                throw CLIError.cannotWrite(path: out, reason: problem)
            }
        }
        if let out = args.value("report") {
            if out == OutputFile.standardOutput {
                throw UsageError("'--report' needs a file; 'savvy report ID --out -' prints a page", command: spec.name)
            }
            if args.has("no-save") {
                throw UsageError("'--report' draws a saved session; drop '--no-save'", command: spec.name)
            }
            if files.count > 1 {
                guard RawPath.isDirectory(out) else {
                    throw UsageError("with several files '--report' must be an existing folder, got '\(out)'", command: spec.name)
                }
            } else if let problem = OutputFile.problem(at: out) {
                throw CLIError.cannotWrite(path: out, reason: problem)
            }
        }

        let progress = Progress(total: files.count, sink: context.stderr, palette: context.errorPalette)
        let results = BatchRunner.run(count: files.count, jobs: min(jobs, files.count)) { index, worker -> Result<Scored, any Error> in
            Result {
                // Read once: the bytes hashed, decoded and stored are the same (a file replaced
                // mid-run cannot mix two recordings), and a FIFO or device is refused up front.
                let snapshot = try InputSnapshot(path: files[index])
                let earlier = try store?.sessionIDs(audioSHA256: snapshot.sha256) ?? []
                let selection = try worker.transcriber { try pipeline.makeTranscriber() }
                // A batch keeps each worker's decoders loaded for its next file.
                let answer = try pipeline.score(snapshot, transcriber: selection, keepEnginesLoaded: files.count > 1)
                let id = try store.map { try SessionRecorder.save(answer, snapshot: snapshot, store: $0) }
                progress.advance(files[index])
                return Scored(answer: answer, id: id, earlier: earlier)
            }
        }
        progress.finish()

        var failures = 0
        var documents: [ScoreJSON] = []
        for (index, result) in results.enumerated() {
            switch result {
            case let .success(scored):
                let (answer, id) = (scored.answer, scored.id)
                if let id, let first = scored.earlier.first {
                    let others = scored.earlier.count > 1 ? " (and \(scored.earlier.count - 1) more)" : ""
                    context.stderr.write(context.errorPalette.dim(
                        "note: \(RawPath.displayed((files[index] as NSString).lastPathComponent)) is already stored as session \(first)\(others) "
                            + "(same SHA-256); saved again as session \(id) — 'savvy rescore \(first)' judges the stored one again") + "\n")
                }
                // The session is already saved; a transcript or page that cannot be written still
                // fails the run, but the report is shown and the message says where the session is.
                do {
                    try writeTranscript(answer, file: files[index], to: args.value("transcript-out"),
                                        several: files.count > 1, stdout: context.stdout)
                } catch let CLIError.cannotWrite(path, reason) {
                    failures += 1
                    context.stderr.write("savvy: error: \(ErrorReporter.message(for: CLIError.cannotWriteSaved(path: path, reason: reason, session: id)))\n")
                }
                var page: String?
                if let out = args.value("report"), let id, let store {
                    let target = files.count > 1 ? URL(fileURLWithPath: out).appendingPathComponent("session-\(id).html").path : out
                    do {
                        page = try ReportFiles.writeSessionReport(id: id, store: store, to: target, stdout: context.stdout)
                    } catch let CLIError.cannotWrite(path, reason) {
                        failures += 1
                        context.stderr.write("savvy: error: \(ErrorReporter.message(for: CLIError.cannotWriteSaved(path: path, reason: reason, session: id)))\n")
                    }
                }
                if args.has("json") {
                    documents.append(ScoreJSON(answer, session: id))
                    // stdout holds the JSON; the page's path goes beside the progress lines.
                    if let page { context.stderr.write("report: \(RawPath.displayed(page))\n") }
                } else {
                    let title = (files[index] as NSString).lastPathComponent
                    context.stdout.write((index > 0 ? "\n" : "") + ScoreReport(answer: answer, title: title, palette: context.palette).render())
                    if let id { context.stdout.write(context.palette.dim("saved as session \(id) · 'savvy show \(id)' · 'savvy report \(id)' · 'savvy history'") + "\n") }
                    if let page { context.stdout.write("report: \(RawPath.displayed(page))\n") }
                }
            case let .failure(error):
                failures += 1
                if files.count == 1 { throw error }
                context.stderr.write("savvy: error: \(ErrorReporter.message(for: error))\n")
            }
        }
        if args.has("json") {
            context.stdout.write(files.count == 1 && documents.count == 1 ? try StableJSON.encode(documents[0]) : try StableJSON.encode(documents))
        }
        if failures > 0 {
            if files.count == 1 { return .failure }
            throw CLIError.batchFailed(failed: failures, total: files.count)
        }
        return .success
    }

    /// One file's outcome: the answer, its new session id (nil with `--no-save`), and the
    /// sessions that already held the same recording.
    struct Scored {
        let answer: ScoredAnswer
        let id: Int64?
        let earlier: [Int64]
    }

    static func writeTranscript(_ answer: ScoredAnswer, file: String, to out: String?, several: Bool,
                                stdout: any OutputSink) throws {
        guard let out else { return }
        let target = several
            ? URL(fileURLWithPath: out).appendingPathComponent(((file as NSString).lastPathComponent as NSString).deletingPathExtension + ".txt").path
            : out
        let text = TranscriptText.wrap(TranscriptText.marked(answer.transcript, fillers: answer.metrics.fillers.items,
                                                             palette: Palette(enabled: false)), width: 78, indent: "") + "\n"
        try OutputFile.write(text, to: target, stdout: stdout)
    }
}
