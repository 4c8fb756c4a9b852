import SavvySession
import SavvyStore

/// `savvy delete ID`: remove a session, its scorings and its recording.
enum DeleteCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "delete",
        summary: "Delete a session, its scorings and its stored recording",
        positionals: [PositionalSpec("ID", help: "a session id from 'savvy history', or 'last'")],
        flags: [])

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let store = try SavvyPaths.openStore(context)
        let session = try SessionArgument.resolve(context.arguments.positionals[0], store: store, command: spec.name)
        try store.deleteSession(id: session.id)
        context.stdout.write("deleted session \(session.id) (\(session.sourceName))\n")
        return .success
    }
}
