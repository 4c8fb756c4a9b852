import SavvySemantic

/// The `savvy` command line as a plain function, so every command can be run in-process.
public enum SavvyCLI {
    public static let version = "0.1.0"

    /// What the process does once, before ``run(arguments:environment:stdout:stderr:stdin:)``:
    /// OpenBLAS's idle thread pool is ended, so it does not spin beside the analysis.
    public static func prepareProcess() {
        BLASThreads.stop()
    }

    /// Every subcommand, in the order `savvy --help` lists them.
    static let commands: [Command] = [
        ScoreCommand.command,
        PracticeCommand.command,
        InterviewCommand.command,
        SayCommand.command,
        AnalyzeCommand.command,
        HistoryCommand.command,
        ProgressCommand.command,
        RescoreCommand.command,
        ShowCommand.command,
        ReportCommand.command,
        DeleteCommand.command,
        ImportCommand.command,
        DrillsCommand.command,
        DoctorCommand.command,
        CompletionsCommand.command,
    ]

    /// Runs one invocation. `arguments` excludes the program name.
    public static func run(arguments: [String], environment: [String: String],
                           stdout: any OutputSink, stderr: any OutputSink,
                           stdin: any InputSource = StandardInput()) -> ExitStatus {
        let errorPalette = Palette.decide(choice: colorChoice(arguments), environment: environment,
                                          isTerminal: stderr.isTerminal)
        guard let first = arguments.first else {
            stderr.write(topLevelHelp())
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = lookup(arguments[1]) {
                stdout.write(HelpRenderer.render(command.spec))
            } else {
                stdout.write(topLevelHelp())
            }
            return .success
        case "--version", "version":
            stdout.write("savvy \(version)\n")
            return .success
        default:
            break
        }
        guard let command = lookup(first) else {
            var message = "unknown command '\(first)'"
            if let near = Suggestion.nearest(to: first, in: commands.map(\.spec.name)) {
                message += "; did you mean '\(near)'?"
            }
            return ErrorReporter.report(UsageError(message), command: nil, to: stderr, palette: errorPalette)
        }
        let spec = command.spec
        do {
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), for: spec)
            if parsed.has("help") {
                stdout.write(HelpRenderer.render(spec))
                return .success
            }
            let choice = Palette.Choice(rawValue: parsed.value("color") ?? "auto") ?? .auto
            let context = CommandContext(
                arguments: parsed, environment: environment, stdout: stdout, stderr: stderr, stdin: stdin,
                palette: Palette.decide(choice: choice, environment: environment, isTerminal: stdout.isTerminal),
                errorPalette: errorPalette)
            let status = try command.run(context)
            if let failure = stdout.writeFailure {
                return ErrorReporter.report(CLIError.cannotWriteOutput(reason: failure), command: spec, to: stderr, palette: errorPalette)
            }
            return stdout.isBroken ? .success : status
        } catch {
            // A reader that went away (`savvy history | head`) is not an error worth a message.
            if stdout.isBroken { return .success }
            if let failure = stdout.writeFailure {
                return ErrorReporter.report(CLIError.cannotWriteOutput(reason: failure), command: spec, to: stderr, palette: errorPalette)
            }
            return ErrorReporter.report(error, command: spec, to: stderr, palette: errorPalette)
        }
    }

    static func lookup(_ name: String) -> Command? {
        commands.first { $0.spec.name == name }
    }

    /// `--color` is read before full parsing so that errors in parsing are coloured as asked.
    static func colorChoice(_ arguments: [String]) -> Palette.Choice {
        for (i, arg) in arguments.enumerated() {
            if arg.hasPrefix("--color=") { return Palette.Choice(rawValue: String(arg.dropFirst(8))) ?? .auto }
            if arg == "--color", i + 1 < arguments.count { return Palette.Choice(rawValue: arguments[i + 1]) ?? .auto }
        }
        return .auto
    }

    static func topLevelHelp() -> String {
        var out = """
        savvy \(version) — a local-first speech-practice coach

        USAGE:
            savvy <command> [options]

        COMMANDS:

        """
        for command in commands {
            out += HelpRenderer.row(command.spec.name, command.spec.summary)
        }
        out += """

        Run 'savvy <command> --help' for a command's options.
        Exit codes: 0 success, 1 failure, 64 bad invocation.

        """
        return out
    }
}
