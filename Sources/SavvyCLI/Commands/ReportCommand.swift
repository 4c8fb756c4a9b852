import Foundation
import SavvySession
import SavvyStore

/// `savvy report ID|last`: a stored session as one self-contained HTML page.
enum ReportCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "report",
        summary: "Write a session's report as one HTML page (timeline, transcript, rubric, tips)",
        positionals: [PositionalSpec("ID", help: "a session id from 'savvy history', or 'last'")],
        flags: [
            FlagSpec("out", value: "FILE", help: "write here instead of <data>/reports/session-ID.html; '-' for stdout"),
        ],
        discussion: """
        The page needs nothing but itself: no network, no scripts, plots drawn as inline SVG.
        Loudness and pitch come from analysing the stored recording again; without it the page
        is still written and says why they are missing. Prints the file's path.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        // Reading creates nothing: without a database there is no session to draw.
        let found = try SavvyPaths.openExistingStore(context)
        let session = try SessionArgument.resolve(args.positionals[0], store: found, command: spec.name)
        guard let store = found else { throw CLIError.noSessions }
        let html = SessionReportPage(input: try ReportFiles.input(for: session, store: store)).render()
        try ReportFiles.deliver(html, to: args.value("out"), defaultPath: ReportFiles.sessionReport(store, id: session.id),
                                context: context)
        return .success
    }
}
