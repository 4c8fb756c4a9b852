import Foundation
import SavvyASR
import SavvyAudio
import SavvyCoach
import SavvySession
import SavvyStore

/// `savvy interview`: a spoken mock interview — the coach asks, listens, scores and follows up.
enum InterviewCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "interview",
        summary: "A spoken mock interview: questions aloud, your answers recorded and scored, follow-ups on what you said",
        flags: [
            FlagSpec("drill", value: "ID", help: "the drill whose bank the questions come from (see 'savvy drills')", default: "star"),
            FlagSpec("questions", value: "N", help: "how many questions to ask", default: "3"),
            FlagSpec("follow-ups", value: "N", help: "follow-up questions per answer, at most (0 = none)", default: "1"),
            FlagSpec("prompts", value: "FILE", help: "ask these questions instead (one per line; # comments)"),
            FlagSpec("device", value: "NAME", help: "ALSA capture device", default: "default"),
            FlagSpec("max", value: "SECONDS", help: "stop an answer after this many seconds of audio"),
            FlagSpec("silence", value: "SECONDS", help: "end an answer after this much silence once you have started speaking", default: "3"),
            FlagSpec("wait", value: "SECONDS", help: "end the turn when nobody has started speaking after this long", default: "10"),
            FlagSpec("speech-threshold", value: "DBFS", help: "level that counts as speech; default: calibrated from the first 0.5 s of room noise"),
            LiveFeedback.flag,
        ] + SayCommand.voiceFlags + ScoreCommand.scoringFlags,
        discussion: """
        Each question is spoken first; recording starts when the coach has finished, so its voice
        is not recorded. Stop an answer with Enter, Ctrl-C (keeps the answer, ends the interview)
        or silence. Every answer is saved as a session; 'savvy show ID --interview' repeats the
        summary and 'savvy history --interviews' lists interviews.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        let count = try args.int("questions", in: 1...50) ?? 3
        let followUps = try args.int("follow-ups", in: 0...3) ?? 1
        let maxSeconds = try args.double("max", in: 1...10_800)
        let silence = try args.double("silence", in: 0...600) ?? 3
        let wait = try args.double("wait", in: 1...600) ?? 10
        let threshold = try args.double("speech-threshold", in: -120...0)
        let store = try SavvyPaths.openStore(context)
        let paths = SavvyPaths(context)
        let library = try DrillLibrary(userFile: paths.config("drills.json"))
        let drill = try DrillArgument.drill(args.value("drill") ?? "star", in: library, command: spec.name)
        let questions: [String]
        if let file = args.value("prompts") {
            questions = Array(try InterviewQuestions.load(file: file).prefix(args.has("questions") ? count : .max))
        } else {
            let earlier = try store.interviews().filter { $0.drill == drill.id }.count
            questions = try InterviewQuestions.fromBank(drill, count: count, offset: earlier * count)
        }
        let pipeline = try ScorePipeline.make(context, paths: paths, cache: store, drillID: drill.id, prompt: "")
        // Everything that can fail before the first question does: engine, voice, both devices.
        let transcriber = try pipeline.makeTranscriber()
        let speaker = try SayCommand.makeSpeaker(context)

        var options = RecordingOptions()
        options.countdown = false
        options.maxSeconds = maxSeconds
        options.silenceSeconds = silence > 0 ? silence : nil
        options.noSpeechSeconds = wait
        options.targetSeconds = drill.target.maxSeconds
        if let threshold { options.speechThreshold = .fixed(dBFS: threshold) }

        let p = context.errorPalette
        context.stderr.write(p.bold("Mock interview · \(drill.title)") + p.dim("  \(questions.count) question\(questions.count == 1 ? "" : "s"), "
            + "aim for \(Int(drill.target.minSeconds))–\(Int(drill.target.maxSeconds)) s each · \(speaker.voice.summary)") + "\n")
        let takes = store.location.databaseURL.deletingLastPathComponent().appendingPathComponent("takes")
        let runner = InterviewRunner(
            plan: .init(questions: questions, followUpsPerQuestion: followUps, drill: drill, followUpDrill: try library.drill(id: "free")),
            pipeline: pipeline, transcriber: transcriber, speaker: speaker,
            source: .device(args.value("device") ?? AudioCapture.defaultDevice), store: store, takesFolder: takes,
            recording: options, recorderHook: LiveFeedback.hook(context),
            followUpAsker: FollowUpAsker(configuration: pipeline.router.configuration))
        let display = TerminalInterviewDisplay(
            stderr: context.stderr, palette: p, recording: TerminalRecordingDisplay(stderr: context.stderr, palette: p))
        let outcome = try runner.run(display: display)

        if args.has("json") {
            context.stdout.write(try StableJSON.encode(InterviewJSON(
                interview: outcome.interviewID, drill: drill.id, voice: speaker.voice.summary, summary: outcome.summary)))
        } else {
            context.stdout.write("\n" + InterviewReport(id: outcome.interviewID, drill: drill.id, voice: speaker.voice.summary,
                                                        summary: outcome.summary, palette: context.palette).render())
            context.stdout.write("\n" + context.palette.dim("saved as interview \(outcome.interviewID). See it again with "
                + "'savvy show \(outcome.interviewID) --interview', each answer with 'savvy show SESSION'.") + "\n")
        }
        return .success
    }
}
