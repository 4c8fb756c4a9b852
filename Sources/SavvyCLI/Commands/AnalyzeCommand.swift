import SavvySession
import SavvyAudio
import SavvyDSP

/// `savvy analyze FILE`: the deterministic delivery numbers of one recording, no transcript.
enum AnalyzeCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "analyze",
        summary: "Measure delivery (pitch, loudness, voice quality, pauses) of an audio file",
        positionals: [PositionalSpec("FILE", help: "audio file (wav, flac, ogg; any rate, any channels)")],
        flags: [
            FlagSpec("json", help: "print the measurements as JSON (sorted keys, fixed precision)"),
            FlagSpec("frames", help: "with --json, add per-frame tracks: time, f0 (null when unvoiced), rmsDB, active, cpps"),
            ThreadsArgument.flag,
        ],
        discussion: """
        Delivery numbers are computed on this machine, deterministically: the same file gives
        byte-identical JSON on every run. No transcript is made; use 'savvy score' for pace and
        fillers.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        if args.has("frames"), !args.has("json") {
            throw UsageError("'--frames' goes with '--json' (the tracks are for plots and scripts)", command: spec.name)
        }
        let threads = try ThreadsArgument.threads(context)
        let path = args.positionals[0]
        let (audio, analysis) = try RecordingAnalysis.run(readPath: path, threads: threads, environment: context.environment)
        if args.has("json") {
            let report = AnalyzeJSON(source: audio.source, analysis: analysis, includeFrames: args.has("frames"))
            context.stdout.write(try StableJSON.encode(report))
        } else {
            context.stdout.write(DeliveryReport(source: audio.source, analysis: analysis, palette: context.palette).render())
        }
        return .success
    }
}
