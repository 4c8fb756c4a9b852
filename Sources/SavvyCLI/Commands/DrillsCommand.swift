import SavvySession
import SavvyCoach

/// `savvy drills`: the drills, their structure, target length and prompts.
enum DrillsCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "drills",
        summary: "List the practice drills with their structure, target length and prompts",
        positionals: [PositionalSpec("ID", help: "show one drill with all its prompts", optional: true)],
        flags: [
            FlagSpec("json", help: "print the drills as JSON"),
            FlagSpec("ids", help: "print only the drill ids, one a line (for shell completion)"),
        ],
        discussion: "Add prompts or drills in drills.json in the configuration folder (see README).")

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let paths = SavvyPaths(context)
        let library = try DrillLibrary(userFile: paths.config("drills.json"))
        let drills = try context.arguments.positionals.first.map {
            [try DrillArgument.drill($0, in: library, command: spec.name)]
        } ?? library.drills
        if context.arguments.has("ids") {
            context.stdout.write(drills.map { $0.id + "\n" }.joined())
            return .success
        }
        if context.arguments.has("json") {
            context.stdout.write(try StableJSON.encode(drills))
            return .success
        }
        let p = context.palette
        for (n, drill) in drills.enumerated() {
            if n > 0 { context.stdout.write("\n") }
            context.stdout.write(p.bold(drill.id.padding(10)) + drill.title
                + p.dim("  \(Int(drill.target.minSeconds))–\(Int(drill.target.maxSeconds)) s") + "\n")
            context.stdout.write("  " + p.dim(drill.sections.map(\.name).joined(separator: " → ")) + "\n")
            let prompts = drills.count == 1 ? drill.prompts : Array(drill.prompts.prefix(2))
            for prompt in prompts { context.stdout.write("  • \(prompt)\n") }
            if prompts.count < drill.prompts.count {
                context.stdout.write(p.dim("  … \(drill.prompts.count - prompts.count) more: 'savvy drills \(drill.id)'") + "\n")
            }
        }
        return .success
    }
}
