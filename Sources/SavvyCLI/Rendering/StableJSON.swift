import Foundation

/// JSON for scripts and goldens: sorted keys, and every non-integer number written with a fixed
/// number of decimals, so the same values always give the same bytes.
///
/// `JSONEncoder` writes doubles in shortest round-trip form (`0.30000000000000004`), which makes
/// goldens brittle; this re-writes each fractional number token to `decimals` places (trailing
/// zeros trimmed) without touching strings.
public enum StableJSON {
    public static func encode<T: Encodable>(_ value: T, decimals: Int = 3) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(value)
        return reformatNumbers(String(decoding: data, as: UTF8.self), decimals: decimals) + "\n"
    }

    static func reformatNumbers(_ json: String, decimals: Int) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        var inString = false
        var escaped = false
        var number = ""
        func flush() {
            guard !number.isEmpty else { return }
            out += format(number, decimals: decimals)
            number = ""
        }
        for ch in json {
            if inString {
                out.append(ch)
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                continue
            }
            let digit = ch.isASCII && ch.isNumber
            // A number token starts with '-' or a digit; inside one, '.', 'e', 'E', '+', '-' belong to it.
            if digit || ch == "-" && number.isEmpty || !number.isEmpty && ".eE+-".contains(ch) {
                number.append(ch)
                continue
            }
            flush()
            if ch == "\"" { inString = true }
            out.append(ch)
        }
        flush()
        return out
    }

    static func format(_ token: String, decimals: Int) -> String {
        guard token.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Double(token) else { return token }
        var s = String(format: "%.\(decimals)f", value)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        if s == "-0" { s = "0" }
        return s
    }
}
