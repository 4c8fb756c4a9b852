import SavvySession
import Foundation
import SavvyCoach
import SavvyStore

/// `savvy history`: the sessions as a table with trends against the person's own baseline.
enum HistoryCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "history",
        summary: "Table of sessions, newest first, with trends against your own baseline",
        flags: [
            FlagSpec("drill", value: "ID", help: "only sessions of this drill"),
            FlagSpec("since", value: "DATE", help: "only sessions on or after DATE (YYYY-MM-DD, UTC)"),
            FlagSpec("limit", value: "N", help: "at most N sessions (the table shows the latest \(defaultTableRows) unless --limit or --all)"),
            FlagSpec("all", help: "show every session in the table (--json, --csv and --ids always list every one)"),
            FlagSpec("interviews", help: "list interviews (date, id, drill, questions, answered, mean score) instead of sessions"),
            FlagSpec("json", help: "print the rows as JSON"),
            FlagSpec("csv", help: "print the rows as CSV (RFC 4180)"),
            FlagSpec("ids", help: "print only the session ids, one a line (for shell completion)"),
        ])

    /// Sessions the table shows when neither `--limit` nor `--all` is given: a screenful. With
    /// thousands of sessions a full table is unreadable and slow (100 000 rows take seconds to
    /// read and lay out); the latest ones are what a person looks at, and a line says how many
    /// more there are. The trends are over the rows shown, as with `--limit`.
    static let defaultTableRows = 50

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        if args.has("json") && args.has("csv") {
            throw UsageError("choose one of '--json' and '--csv'", command: spec.name)
        }
        let since = try since(args.value("since"), command: spec.name)
        if args.has("all") && args.has("limit") {
            throw UsageError("choose one of '--all' and '--limit'", command: spec.name)
        }
        let machineReadable = args.has("json") || args.has("csv") || args.has("ids") || args.has("interviews")
        if args.has("all") && machineReadable {
            throw UsageError("'--all' is for the table; '--json', '--csv', '--ids' and '--interviews' list every row already",
                             command: spec.name)
        }
        let explicitLimit = try args.int("limit", in: 1...1_000_000)
        let limit = explicitLimit ?? (machineReadable || args.has("all") ? nil : defaultTableRows)
        // Reading creates nothing: with no database yet there are simply no rows.
        let store = try SavvyPaths.openExistingStore(context)
        if args.has("interviews") {
            if args.has("csv") || args.has("ids") {
                throw UsageError("'--interviews' lists as a table or '--json', not '--csv' or '--ids'", command: spec.name)
            }
            let interviews = try (store?.interviews(limit: limit) ?? []).filter { interview in
                (args.value("drill").map { interview.drill == $0 } ?? true) && (since.map { interview.createdAt >= $0 } ?? true)
            }
            let listing = try interviews.map(InterviewListing.init)
            context.stdout.write(args.has("json") ? try StableJSON.encode(listing) : InterviewListing.table(listing))
            return .success
        }
        if args.has("json") {
            return try writeJSON(store: store, since: since, limit: limit, context: context)
        }
        let rows = try store?.history(drill: args.value("drill"), since: since, limit: limit) ?? []
        if rows.isEmpty { try checkDrill(context) }
        if args.has("ids") {
            context.stdout.write(rows.map { "\($0.id)\n" }.joined())
        } else if args.has("csv") {
            context.stdout.write(HistoryCSV.render(rows: rows))
        } else if rows.isEmpty, store != nil, args.has("drill") || args.has("since") {
            context.stdout.write(noMatch(drill: args.value("drill"), since: args.value("since")) + "\n")
        } else {
            var hidden = 0
            if let store, explicitLimit == nil, let limit, rows.count == limit {
                hidden = try store.historyCount(drill: args.value("drill"), since: since) - rows.count
            }
            context.stdout.write(HistoryTable.render(rows: rows, columns: context.stdout.isTerminal ? context.stdout.columns : nil,
                                                     palette: context.palette, now: Date(), hiddenEarlier: hidden))
            // A hint, not data: on stderr so the table can still be piped as it is.
            if !rows.isEmpty {
                context.stderr.write(context.errorPalette.dim("charts of these numbers: 'savvy progress' · one session as a page: 'savvy report ID'") + "\n")
            }
        }
        return .success
    }

    /// A drill no session has and no drill file defines is a typo, not an empty result.
    private static func checkDrill(_ context: CommandContext) throws {
        guard let id = context.arguments.value("drill") else { return }
        let paths = SavvyPaths(context)
        _ = try DrillArgument.drill(id, in: try DrillLibrary(userFile: paths.config("drills.json")), command: spec.name)
    }

    /// `--json`, written row by row as the database gives them (see `HistoryJSON`): at 10 000
    /// sessions, holding every row and then the whole text was a third of the command's time.
    /// Nothing reaches stdout before the first chunk is full, so an unknown drill with no rows
    /// still fails with the usage error alone; a reader that goes away stops the read.
    private static func writeJSON(store: SessionStore?, since: Date?, limit: Int?, context: CommandContext) throws -> ExitStatus {
        var writer = HistoryJSON { context.stdout.write(bytes: $0) }
        var rows = 0
        try store?.forEachHistoryRow(drill: context.arguments.value("drill"), since: since, limit: limit) { row in
            writer.append(HistoryJSONRow(row))
            rows += 1
            return !context.stdout.isBroken
        }
        if rows == 0 { try checkDrill(context) }
        try writer.finish()
        return .success
    }

    /// The `--since` day (UTC midnight), shared with `savvy progress`.
    static func since(_ raw: String?, command: String) throws -> Date? {
        guard let raw else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        guard let date = formatter.date(from: raw) else {
            throw UsageError("'--since' expects a date like 2026-11-30, got '\(raw)'", command: command)
        }
        return date
    }

    /// The line shown when sessions exist (or may) but the filters matched none of them.
    static func noMatch(drill: String?, since: String?) -> String {
        let filters = [drill.map { "drill '\($0)'" }, since.map { "on or after \($0)" }].compactMap { $0 }
        return "No sessions match " + filters.joined(separator: " and ") + "; 'savvy history' without filters lists them all."
    }
}
