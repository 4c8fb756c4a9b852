import Foundation
import SavvyCoach
import SavvySession
import SavvyStore
import SavvyFileSystem

/// `savvy progress`: the sessions' numbers as charts on one HTML page.
enum ProgressCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "progress",
        summary: "Write an HTML page charting every metric over your sessions",
        flags: [
            FlagSpec("drill", value: "ID", help: "only sessions of this drill"),
            FlagSpec("since", value: "DATE", help: "only sessions on or after DATE (YYYY-MM-DD, UTC)"),
            FlagSpec("out", value: "FILE", help: "write here instead of <data>/reports/progress.html; '-' for stdout"),
        ],
        discussion: """
        One chart per metric (WPM, fillers/min, pitch SD, CPPS, structure, relevance, overall)
        with the green band shaded, your baseline (the mean of the sessions before the latest)
        dashed and your best session marked; below, the sessions with links to their reports
        (written by 'savvy report ID' into the same folder). Prints the file's path.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        let since = try HistoryCommand.since(args.value("since"), command: spec.name)
        // Reading creates nothing: without a database there is nothing to chart.
        guard let store = try SavvyPaths.openExistingStore(context) else { throw CLIError.noSessions }
        let history = try store.history(drill: args.value("drill"), since: since)
        if history.isEmpty, let id = args.value("drill") {
            // As in 'history': a drill no session has and no drill file defines is a typo.
            let paths = SavvyPaths(context)
            _ = try DrillArgument.drill(id, in: try DrillLibrary(userFile: paths.config("drills.json")), command: spec.name)
        }
        var rows: [ProgressRow] = []
        for row in history.reversed() {
            // The latest scoring's content scores; a rubric another version cannot read is left blank.
            let rubric = try store.scorings(sessionID: row.id).last.flatMap {
                try? JSONDecoder().decode(ScoreRubric.self, from: $0.rubricJSON)
            }
            rows.append(ProgressRow(history: row, structure: rubric?.structure.score, relevance: rubric?.relevance.score))
        }
        var scope = args.value("drill").map { "drill \($0)" } ?? "all drills"
        if let raw = args.value("since") { scope += " since \(raw)" }
        let defaultPath = ReportFiles.directory(store).appendingPathComponent("progress.html")
        let out = args.value("out") ?? defaultPath.path
        let pageFolder = out == "-" ? nil : URL(fileURLWithPath: out).standardizedFileURL.deletingLastPathComponent()
        let page = ProgressPage(rows: rows, scope: scope) { id in
            let report = ReportFiles.sessionReport(store, id: id).standardizedFileURL
            let exists = RawPath.exists(report.path)
            // Beside the page a relative link keeps the folder movable; elsewhere the full path.
            if pageFolder?.path == report.deletingLastPathComponent().path {
                return (report.lastPathComponent, exists)
            }
            return (report.absoluteString, exists)
        }
        try ReportFiles.deliver(page.render(), to: args.value("out"), defaultPath: defaultPath, context: context)
        return .success
    }
}
