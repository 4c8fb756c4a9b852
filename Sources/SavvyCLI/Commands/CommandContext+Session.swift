import SavvyASR
import SavvyCoach
import SavvySession
import SavvyStore

/// The session library takes plain values; these map one command's flags onto them.
extension SavvyPaths {
    init(_ context: CommandContext) {
        self.init(databasePath: context.arguments.value("db"), environment: context.environment)
    }

    static func openStore(_ context: CommandContext) throws -> SessionStore {
        try openStore(databasePath: context.arguments.value("db"), environment: context.environment)
    }

    static func openExistingStore(_ context: CommandContext) throws -> SessionStore? {
        try openExistingStore(databasePath: context.arguments.value("db"), environment: context.environment)
    }
}

extension ScorePipeline {
    /// A pipeline for the command's `--drill`, `--prompt`, watch-word, `--coach`, `--offline`,
    /// `--no-cache` and `--asr` flags.
    /// - Parameters:
    ///   - drillID, prompt: a stored session's, for `rescore`; otherwise the flags' values.
    static func make(_ context: CommandContext, paths: SavvyPaths, cache: (any JudgmentCache)?,
                     drillID: String? = nil, prompt storedPrompt: String? = nil) throws -> ScorePipeline {
        let args = context.arguments
        let request = Request(
            drillID: drillID ?? args.value("drill"), prompt: storedPrompt ?? args.value("prompt") ?? "",
            avoid: args.all("avoid"), include: args.all("include"),
            coach: CoachMode(rawValue: args.value("coach") ?? "auto") ?? .auto,
            offline: args.has("offline"), noCache: args.has("no-cache"),
            engine: try EngineChoice(parsing: args.value("asr") ?? "auto"),
            analysisThreads: try ThreadsArgument.threads(context, jobs: args.int("jobs", in: 1...16) ?? 1))
        return try make(request, paths: paths, environment: context.environment, cache: cache)
    }
}
