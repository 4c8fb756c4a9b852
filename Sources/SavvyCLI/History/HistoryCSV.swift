import Foundation
import SavvyStore

/// `savvy history --csv`: one row per session for spreadsheets and scripts.
///
/// RFC 4180: a header line, CRLF line ends, a field in double quotes when it holds a comma,
/// a quote, CR or LF, with inner quotes doubled. Dates are ISO-8601 UTC with milliseconds;
/// numbers use a dot and fixed decimals; a missing value is an empty field.
public enum HistoryCSV {
    /// The header fields, in output order.
    public static let header = ["id", "created_at", "drill", "source_name", "duration_s", "wpm", "fillers_per_min",
                                "pitch_sd_st", "cpps_db", "overall", "tier"]

    /// The CSV text for `rows`, in the order given.
    public static func render(rows: [HistoryRow]) -> String {
        func number(_ value: Double?, _ decimals: Int) -> String {
            guard let value, value.isFinite else { return "" }
            return Format.fixed(value, decimals)
        }
        var lines = [header.map(field).joined(separator: ",")]
        for row in rows {
            let fields = [
                String(row.id), Timestamp.string(from: row.createdAt), row.drill, row.sourceName,
                number(row.duration, 3), number(row.wpm, 1), number(row.fillersPerMinute, 2), number(row.pitchSD, 2),
                number(row.cpps, 2), number(row.overall, 1), row.tier ?? "",
            ]
            lines.append(fields.map(field).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// One field, quoted only when RFC 4180 requires it.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
