import Foundation
import SavvySession
import SavvyStore
import SavvyFileSystem

/// `savvy delete ID`: remove a session, its scorings and its recording.
enum DeleteCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "delete",
        summary: "Delete a session, its scorings and its stored recording",
        positionals: [PositionalSpec("ID", help: "a session id from 'savvy history', or 'last'")],
        flags: [
            FlagSpec("yes", help: "delete without asking (it asks only when standard input is a terminal)"),
        ],
        discussion: """
        On a terminal savvy names the session and asks before deleting; anything but 'y' or 'yes'
        keeps it. In scripts (standard input not a terminal) it deletes without asking.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let found = try SavvyPaths.openExistingStore(context)
        let session = try SessionArgument.resolve(context.arguments.positionals[0], store: found, command: spec.name)
        guard let store = found else { throw CLIError.noSessions }
        if !context.arguments.has("yes"), context.stdin.isTerminal {
            let created = SessionDateFormatter(now: Date(), timeZone: .current).string(for: session.createdAt)
            context.stderr.write("Delete session \(session.id) (\(RawPath.displayed(session.sourceName)), \(created)) and its recording? [y/N] ")
            let answer = context.stdin.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                context.stderr.write("kept session \(session.id)\n")
                return .success
            }
        }
        try store.deleteSession(id: session.id)
        context.stdout.write("deleted session \(session.id) (\(RawPath.displayed(session.sourceName)))\n")
        return .success
    }
}
