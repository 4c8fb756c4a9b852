import SavvySession
import Foundation
import SavvyASR
import SavvyCoach
import SavvyStore
import SavvyFileSystem

/// `savvy practice`: pick a prompt, count down, record from the microphone, score, save.
enum PracticeCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "practice",
        summary: "Record an answer from the microphone, score it and save it as a session",
        flags: [
            FlagSpec("drill", value: "ID", help: "the drill to practise (see 'savvy drills')", default: "star"),
            FlagSpec("prompt", value: "TEXT", help: "answer this question instead of one from the drill's bank"),
            FlagSpec("retake", value: "ID", help: "practise a stored session's prompt again and compare with it ('last' works)"),
            FlagSpec("device", value: "NAME", help: "ALSA capture device", default: "default"),
            FlagSpec("no-countdown", help: "start recording at once instead of after 3-2-1"),
            FlagSpec("max", value: "SECONDS", help: "stop after this many seconds of audio (default: twice the drill's longest target)"),
            FlagSpec("no-speech", value: "SECONDS", help: "give up when nobody has spoken after this long (0 = never)", default: "20"),
            FlagSpec("silence", value: "SECONDS", help: "stop after this much silence once you have started speaking (0 = never)", default: "3"),
            FlagSpec("speech-threshold", value: "DBFS", help: "level that counts as speech; default: calibrated from the first 0.5 s of room noise"),
            FlagSpec("report", value: "FILE", help: "also write the session's HTML report to FILE (as 'savvy report')"),
            LiveFeedback.flag,
        ] + ScoreCommand.scoringFlags,
        discussion: """
        Stop with Enter, Ctrl-C (the audio so far is kept and scored), --max, or --silence.
        The take is saved under the data folder's takes/ until it is safely stored as a session.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        let maxSeconds = try args.double("max", in: 1...10_800)
        let silence = try args.double("silence", in: 0...600) ?? 3
        let noSpeech = try args.double("no-speech", in: 0...10_800) ?? 20
        let threshold = try args.double("speech-threshold", in: -120...0)
        if args.value("report") == "-" {
            throw UsageError("'--report' needs a file; 'savvy report ID --out -' prints a page", command: spec.name)
        }
        let store = try SavvyPaths.openStore(context)
        let paths = SavvyPaths(context)

        var baseline: StoredSession?
        if let retake = args.value("retake") {
            baseline = try SessionArgument.resolve(retake, store: store, command: spec.name)
        }
        let library = try DrillLibrary(userFile: paths.config("drills.json"))
        let drill = try baseline.map { try library.drill(id: $0.drill) }
            ?? DrillArgument.drill(args.value("drill") ?? "star", in: library, command: spec.name)
        let prompt = try baseline?.prompt ?? args.value("prompt") ?? nextPrompt(drill, store: store)
        let pipeline = try ScorePipeline.make(context, paths: paths, cache: store, drillID: drill.id, prompt: prompt)
        // Load the recogniser before recording, so a missing engine fails before the user speaks.
        let transcriber = try pipeline.makeTranscriber()

        let p = context.errorPalette
        context.stderr.write(p.bold("\(drill.title)") + p.dim("  aim for \(Int(drill.target.minSeconds))–\(Int(drill.target.maxSeconds)) s") + "\n")
        if !prompt.isEmpty { context.stderr.write(p.cyan("“\(prompt)”") + "\n") }

        let takes = store.location.databaseURL.deletingLastPathComponent().appendingPathComponent("takes")
        do throws(RawPath.Errno) {
            try RawPath.makeDirectories(takes.path)
        } catch {
            throw StoreError.cannotCreateDirectory(path: takes.path, reason: DataLocation.describe(errno: error.code))
        }
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!,
                                                formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        let takePath = takes.appendingPathComponent("practice-\(stamp)-\(getpid()).wav").path

        var options = RecordingOptions()
        options.countdown = !args.has("no-countdown")
        // Without --max a take still ends: a device with no real-time pacing (an ALSA file
        // plugin) or a stuck Enter key once filled 6.4 GB in a minute.
        options.maxSeconds = maxSeconds ?? drill.target.maxSeconds * 2
        options.noSpeechSeconds = noSpeech > 0 ? noSpeech : nil
        options.silenceSeconds = silence > 0 ? silence : nil
        options.targetSeconds = drill.target.maxSeconds
        if let threshold { options.speechThreshold = .fixed(dBFS: threshold) }
        let recorder = PracticeRecorder(source: .device(args.value("device") ?? "default"), outputPath: takePath,
                                        options: options, display: TerminalRecordingDisplay(stderr: context.stderr, palette: p))
        // Live transcript, pace, fillers and nudges on the status line (terminal only).
        let finishLive = LiveFeedback.hook(context)?(recorder)
        let take: RecordingResult
        do {
            take = try recorder.record()
            finishLive?()
        } catch {
            finishLive?()
            throw error
        }
        if case .cancelled = take.stopReason {
            context.stderr.write("cancelled; nothing was recorded\n")
            return .failure
        }
        if case .noSpeech = take.stopReason {
            RawPath.unlink(takePath)
            throw CLIError.nobodySpoke(seconds: noSpeech)
        }
        guard take.frames > 0 else {
            RawPath.unlink(takePath)
            throw SessionError.noSpeech(path: takePath)
        }
        context.stderr.write(p.dim("scoring…") + "\n")
        let answer: ScoredAnswer
        let id: Int64
        do {
            let snapshot = try InputSnapshot(path: takePath)
            answer = try pipeline.score(snapshot, transcriber: transcriber)
            id = try SessionRecorder.save(answer, snapshot: snapshot, store: store)
        } catch SessionError.noSpeech {
            // A take with no speech in it is worth nothing: not kept, no "score it later".
            RawPath.unlink(takePath)
            throw CLIError.silentTake
        } catch {
            // The audio is never lost: say where it is and how to score it later.
            let shown = RawPath.displayed(takePath)
            context.stderr.write("the recording is kept at \(shown); score it later with 'savvy score \(shown)'\n")
            throw error
        }
        RawPath.unlink(takePath)
        let page = try args.value("report").map { try ReportFiles.writeSessionReport(id: id, store: store, to: $0, stdout: context.stdout) }

        if args.has("json") {
            context.stdout.write(try StableJSON.encode(ScoreJSON(answer, session: id)))
            if let page { context.stderr.write("report: \(RawPath.displayed(page))\n") }
            return .success
        }
        context.stdout.write(ScoreReport(answer: answer, title: "session \(id) · practice", palette: context.palette).render())
        if let baseline {
            context.stdout.write("\n" + RetakeComparison(before: baseline, after: answer, palette: context.palette).render())
        }
        context.stdout.write("\n" + context.palette.dim("saved as session \(id). Next: retake the same prompt with "
            + "'savvy practice --retake \(id)', or see your progress with 'savvy history' and 'savvy progress'.") + "\n")
        context.stdout.write(page.map { "report: \($0)\n" } ?? context.palette.dim("as a page with a timeline: 'savvy report \(id)'") + "\n")
        return .success
    }

    /// The drill's prompts in turn: the next one after those already practised. A count over
    /// the history index, not the rows: a coach's store can hold many thousand sessions.
    static func nextPrompt(_ drill: Drill, store: SessionStore) throws -> String {
        guard !drill.prompts.isEmpty else { return "" }
        let done = try store.historyCount(drill: drill.id)
        return drill.prompts[done % drill.prompts.count]
    }
}

/// Before/after numbers of a retake.
struct RetakeComparison {
    let before: StoredSession
    let after: ScoredAnswer
    let palette: Palette

    func render() -> String {
        var out = palette.bold("Compared with session \(before.id)") + "\n"
        func row(_ name: String, _ old: Double?, _ new: Double?, decimals: Int) -> String {
            let o = old.map { Format.fixed($0, decimals) } ?? "—"
            let n = new.map { Format.fixed($0, decimals) } ?? "—"
            var delta = ""
            if let old, let new {
                let d = new - old
                delta = (d >= 0 ? "+" : "") + Format.fixed(d, decimals)
            }
            return "  \(name.padding(14)) \(o.padding(7)) → \(n.padding(7)) \(palette.dim(delta))\n"
        }
        let m = after.metrics
        out += row("WPM", before.wpm, m.pace.wpm, decimals: 0)
        out += row("fillers/min", before.fillersPerMinute, m.fillers.perMinute, decimals: 1)
        out += row("pitch SD (st)", before.pitchSD, m.pitch?.sdSemitones, decimals: 1)
        out += row("duration (s)", before.duration, m.durationSeconds, decimals: 0)
        return out
    }
}
