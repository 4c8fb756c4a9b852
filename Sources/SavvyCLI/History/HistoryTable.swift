import Foundation
import SavvyCoach
import SavvyStore

/// The `savvy history` table and its trend block.
///
/// One line per session, newest first as given. The table is fitted to the terminal: when the
/// columns do not fit in `columns` characters the least useful ones are dropped (CPPS, duration,
/// drill, pitch, fillers, WPM, score, in that order) so a row never wraps. Numbers are coloured
/// by their DESIGN §5 band when the palette is on; a missing value is `—`.
///
/// Below the table, for WPM, fillers/min, pitch SD, CPPS and the overall score: the latest value
/// against the mean of the speaker's earlier sessions (the rows given, so `--drill` and `--since`
/// narrow the baseline too), an arrow for the direction it moved, whether that is the good way,
/// and a sparkline of the last `sparklineSessions` sessions, oldest to newest.
public enum HistoryTable {
    /// Sessions drawn in a sparkline.
    public static let sparklineSessions = 20
    /// The line shown instead of a table when there are no sessions.
    public static let emptyMessage =
        "No sessions yet. Record one with 'savvy practice' or score a file with 'savvy score answer.wav'."

    /// The table and trend block as text ending in a newline.
    ///
    /// - Parameters:
    ///   - rows: sessions, newest first (as `SessionStore.history` returns them).
    ///   - columns: terminal width in characters; nil (not a terminal) shows every column.
    ///   - palette: colours numbers by band and dims missing values; off gives plain text.
    ///   - now: the reference for relative dates ("today 09:30", "yesterday 18:02").
    ///   - timeZone: the zone dates are shown in; the user's own by default.
    ///   - hiddenEarlier: sessions older than `rows` that matched but are not shown; a line
    ///     under the table says how many and how to see them.
    public static func render(rows: [HistoryRow], columns: Int?, palette: Palette, now: Date,
                              timeZone: TimeZone = .current, hiddenEarlier: Int = 0) -> String {
        guard !rows.isEmpty else { return emptyMessage + "\n" }
        let dates = SessionDateFormatter(now: now, timeZone: timeZone)
        let table = fitted(tableColumns(dates: dates), rows: rows, width: columns)
        var out = renderTable(table, rows: rows, palette: palette)
        if hiddenEarlier > 0 {
            out += palette.dim(hiddenLine(hiddenEarlier, shown: rows.count)) + "\n"
        }
        out += "\n" + trendBlock(rows: rows, width: columns, palette: palette)
        return out
    }

    /// The line under a table cut to its latest sessions.
    static func hiddenLine(_ hidden: Int, shown: Int) -> String {
        let sessions = hidden == 1 ? "session" : "sessions"
        return "… \(hidden) earlier \(sessions) not shown ('--all' lists every one, '--limit N' the latest N); "
            + "the trends are over the \(shown) above"
    }

    // MARK: - Table

    struct Column {
        let header: String
        /// Lower is kept longer when the terminal is narrow.
        let dropOrder: Int
        let rightAligned: Bool
        /// The cell text (nil = missing) and the band that colours it.
        let cell: (HistoryRow) -> (text: String?, band: SavvyCoach.Band?)
    }

    static let columnSeparator = "  "
    /// Drill ids are short; a long custom one is cut so it cannot push the numbers off screen.
    static let maxDrillCharacters = 14

    static func tableColumns(dates: SessionDateFormatter) -> [Column] {
        func metric(_ m: HistoryMetric, header: String, dropOrder: Int) -> Column {
            Column(header: header, dropOrder: dropOrder, rightAligned: true) { row in
                guard let value = m.value(row), value.isFinite else { return (nil, nil) }
                return (m.format(value), m.band?.classify(value))
            }
        }
        return [
            Column(header: "id", dropOrder: 0, rightAligned: true) { (String($0.id), nil) },
            Column(header: "date", dropOrder: 1, rightAligned: false) { (dates.string(for: $0.createdAt), nil) },
            Column(header: "drill", dropOrder: 6, rightAligned: false) { row in
                let drill = row.drill.count > maxDrillCharacters
                    ? String(row.drill.prefix(maxDrillCharacters - 1)) + "…" : row.drill
                return (drill, nil)
            },
            Column(header: "length", dropOrder: 7, rightAligned: true) { (clock($0.duration), nil) },
            metric(.wpm, header: "WPM", dropOrder: 3),
            metric(.fillersPerMinute, header: "fillers/min", dropOrder: 4),
            metric(.pitchSD, header: "pitch SD", dropOrder: 5),
            metric(.cpps, header: "CPPS", dropOrder: 8),
            metric(.overall, header: "score", dropOrder: 2),
        ]
    }

    /// The columns that fit in `width`, in their original order, dropping the highest
    /// `dropOrder` first; the id column always stays.
    static func fitted(_ columns: [Column], rows: [HistoryRow], width: Int?) -> [(column: Column, width: Int)] {
        var kept = columns.map { column in
            (column: column, width: rows.reduce(column.header.count) { max($0, (column.cell($1).text ?? "—").count) })
        }
        guard let width else { return kept }
        func total() -> Int { kept.reduce(0) { $0 + $1.width } + columnSeparator.count * max(kept.count - 1, 0) }
        while total() > width, kept.count > 1,
              let drop = kept.indices.max(by: { kept[$0].column.dropOrder < kept[$1].column.dropOrder }) {
            kept.remove(at: drop)
        }
        return kept
    }

    static func renderTable(_ table: [(column: Column, width: Int)], rows: [HistoryRow], palette: Palette) -> String {
        // Padding goes outside the colour codes so escape bytes never count as width.
        func cell(_ text: String, styled: String, width: Int, right: Bool) -> String {
            let fill = String(repeating: " ", count: max(width - text.count, 0))
            return right ? fill + styled : styled + fill
        }
        func line(_ cells: [String]) -> String {
            var joined = cells.joined(separator: columnSeparator)
            while joined.hasSuffix(" ") { joined.removeLast() }
            return joined + "\n"
        }
        var out = line(table.map {
            cell($0.column.header, styled: palette.bold($0.column.header), width: $0.width, right: $0.column.rightAligned)
        })
        for row in rows {
            out += line(table.map { entry in
                let (text, band) = entry.column.cell(row)
                let shown = text ?? "—"
                let styled = text.map { colour($0, band: band, palette: palette) } ?? palette.dim(shown)
                return cell(shown, styled: styled, width: entry.width, right: entry.column.rightAligned)
            })
        }
        return out
    }

    static func colour(_ text: String, band: SavvyCoach.Band?, palette: Palette) -> String {
        switch band {
        case .green: return palette.green(text)
        case .amber: return palette.yellow(text)
        case .red: return palette.red(text)
        case nil: return text
        }
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "—" }
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        let two = SessionDateFormatter.twoDigits
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    // MARK: - Trends

    /// How much of a trend line to show, from most to least; the first that fits the terminal
    /// is used for every line so the columns stay aligned.
    enum TrendDetail: CaseIterable {
        case full, noSparkline, noCount, verdictOnly
    }

    /// The trend block: per metric, latest value, arrow, baseline, verdict and sparkline, at the
    /// most detail that fits in `width` (all of it when `width` is nil).
    static func trendBlock(rows: [HistoryRow], width: Int?, palette: Palette) -> String {
        var chosen: [(plain: String, styled: String)] = []
        for detail in TrendDetail.allCases {
            chosen = trendLines(rows: rows, detail: detail, palette: palette)
            if let width, chosen.contains(where: { $0.plain.count > width }) { continue }
            break
        }
        return chosen.map { $0.styled + "\n" }.joined()
    }

    static func trendLines(rows: [HistoryRow], detail: TrendDetail, palette: Palette) -> [(plain: String, styled: String)] {
        let window = Array(rows.prefix(sparklineSessions).reversed())
        let titleWidth = HistoryMetric.allCases.map(\.title.count).max() ?? 0
        let verdictWidth = [Trend.Verdict.better, .worse, .steady].map(\.rawValue.count).max() ?? 0
        let entries = HistoryMetric.allCases.map { metric -> (head: String, trend: Trend?) in
            let title = "  " + leftAligned(metric.title, titleWidth + 2)
            guard let trend = Trend(metric: metric, rows: rows) else {
                let seen = rows.contains { metric.value($0) != nil }
                let note = !seen ? "no value yet" : (detail == .full || detail == .noSparkline
                    ? "one session so far, no baseline yet" : "no baseline yet")
                return (title + note, nil)
            }
            var head = title + leftAligned(metric.format(trend.latest), 9) + trend.arrow.rawValue
            switch detail {
            case .full, .noSparkline: head += " vs \(metric.format(trend.baseline)) (\(trend.earlierCount) earlier)"
            case .noCount: head += " vs \(metric.format(trend.baseline))"
            case .verdictOnly: break
            }
            return (head, trend)
        }
        let headWidth = entries.filter { $0.trend != nil }.map(\.head.count).max() ?? 0

        let title = "Trends", subtitle = " (latest session vs the mean of your earlier ones)"
        var lines = detail == .full || detail == .noSparkline
            ? [(plain: title + subtitle, styled: palette.bold(title) + palette.dim(subtitle))]
            : [(plain: title, styled: palette.bold(title))]
        for entry in entries {
            guard let trend = entry.trend else {
                lines.append((entry.head, palette.dim(entry.head)))
                continue
            }
            let verdict = trend.verdict.rawValue
            let styledVerdict: String
            switch trend.verdict {
            case .better: styledVerdict = palette.green(verdict)
            case .worse: styledVerdict = palette.red(verdict)
            case .steady: styledVerdict = palette.dim(verdict)
            }
            let head = leftAligned(entry.head, headWidth + 2)
            var plain = head + verdict
            var styled = head + styledVerdict
            if detail == .full {
                // A sparkline ending in sessions without the value ends in spaces; no line does.
                var spark = Sparkline.render(window.map(trend.metric.value))
                while spark.hasSuffix(" ") { spark.removeLast() }
                if !spark.isEmpty {
                    let gap = String(repeating: " ", count: verdictWidth - verdict.count + 2)
                    plain += gap + spark
                    styled += gap + palette.cyan(spark)
                }
            }
            lines.append((plain, styled))
        }
        return lines
    }

    /// `text` right-padded with spaces to `width` characters.
    static func leftAligned(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(width - text.count, 0))
    }
}
