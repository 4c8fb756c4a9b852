import SavvySession

/// `savvy history --json` written directly: the same bytes `StableJSON.encode` gives for the
/// rows, without a `JSONEncoder` pass and a re-scan of its output, which together took about half
/// of the command's time over 10 000 sessions.
///
/// The shape is fixed (`HistoryJSONRow`'s keys, sorted), so the writer is a straight line per
/// row; `HistoryJSONTests` checks it against `StableJSON` byte for byte, escapes and all.
enum HistoryJSON {
    static func render(_ rows: [HistoryJSONRow]) throws -> String {
        // JSONEncoder's spelling of an empty pretty-printed array is its own business; defer to it.
        guard !rows.isEmpty else { return try StableJSON.encode(rows) }
        var out = ""
        out.reserveCapacity(rows.count * 320)
        out += "[\n"
        for (index, row) in rows.enumerated() {
            out += "  {\n"
            field(&out, "cppsDB", number(row.cppsDB))
            field(&out, "createdAt", string(row.createdAt))
            field(&out, "drill", string(row.drill))
            field(&out, "durationSeconds", number(row.durationSeconds))
            field(&out, "fillersPerMinute", number(row.fillersPerMinute))
            field(&out, "id", String(row.id))
            field(&out, "overall", number(row.overall))
            field(&out, "pitchSDSemitones", number(row.pitchSDSemitones))
            field(&out, "sourceName", string(row.sourceName))
            field(&out, "tier", row.tier.map(string) ?? "null")
            field(&out, "wpm", number(row.wpm), last: true)
            out += index == rows.count - 1 ? "  }\n" : "  },\n"
        }
        out += "]\n"
        return out
    }

    private static func field(_ out: inout String, _ key: String, _ value: String, last: Bool = false) {
        out += "    \""
        out += key
        out += "\" : "
        out += value
        out += last ? "\n" : ",\n"
    }

    /// As `StableJSON`: whole numbers as integers (what `JSONEncoder` writes for them), others at
    /// three decimals with trailing zeros trimmed.
    static func number(_ value: Double?) -> String {
        guard let value else { return "null" }
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            // JSONEncoder keeps the sign of a negative zero, and StableJSON leaves whole tokens be.
            return value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
        }
        return StableJSON.format(value.description, decimals: 3)
    }

    /// A JSON string as `JSONEncoder` escapes it with `.withoutEscapingSlashes`.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
