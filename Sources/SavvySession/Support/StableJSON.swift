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

    /// Scans the UTF-8 bytes (not Characters: grapheme breaking made a 10 000-row history take
    /// a second) and rewrites each fractional number token outside strings.
    static func reformatNumbers(_ json: String, decimals: Int) -> String {
        let input = Array(json.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var inString = false
        var escaped = false
        var i = 0
        while i < input.count {
            let byte = input[i]
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                // A number token: digits, and '.', 'e', 'E', '+', '-' inside it.
                var j = i + 1
                var fractional = false
                while j < input.count {
                    let c = input[j]
                    if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                        j += 1
                    } else if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                        fractional = true
                        j += 1
                    } else {
                        break
                    }
                }
                if fractional {
                    out.append(contentsOf: format(String(decoding: input[i..<j], as: UTF8.self), decimals: decimals).utf8)
                } else {
                    out.append(contentsOf: input[i..<j])
                }
                i = j
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            out.append(byte)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func format(_ token: String, decimals: Int) -> String {
        guard let value = Double(token) else { return token }
        var s = FixedDecimal.format(value, decimals)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        if s == "-0" { s = "0" }
        return s
    }
}
