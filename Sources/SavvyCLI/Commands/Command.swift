/// Everything a command needs from the outside world, passed in so commands run in-process in
/// tests exactly as they do in the binary.
public struct CommandContext: Sendable {
    public let arguments: ParsedArguments
    public let environment: [String: String]
    public let stdout: any OutputSink
    public let stderr: any OutputSink
    /// Where typed answers come from (`delete`'s confirmation).
    public let stdin: any InputSource
    /// Colour for stdout (reports) and stderr (progress, warnings), decided once per stream.
    public let palette: Palette
    public let errorPalette: Palette
}

/// A `savvy` subcommand: its declaration and the function that runs it.
///
/// `run` throws `UsageError` for bad invocations and any module error for failures; the caller
/// maps both to text and an exit status in one place (`ErrorReporter`).
struct Command: Sendable {
    let spec: CommandSpec
    let run: @Sendable (CommandContext) throws -> ExitStatus
}
