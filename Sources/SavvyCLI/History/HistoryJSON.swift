import SavvySession

/// `savvy history --json` written directly: the same bytes `StableJSON.encode` gives for the
/// rows, without a `JSONEncoder` pass and a re-scan of its output, which together took about half
/// of the command's time over 10 000 sessions.
///
/// The shape is fixed (`HistoryJSONRow`'s keys, sorted), so the writer is a straight line per
/// row; `HistoryJSONTests` checks it against `StableJSON` byte for byte, escapes and all.
/// It writes UTF-8 bytes and formats numbers from their binary value: building the text from
/// small `String`s (and each fractional number through its shortest decimal spelling, parsed
/// back) was most of the remaining time at 10 000 sessions.
///
/// Rows are written as they come from the database and handed on in chunks of `chunkBytes`, so
/// memory stays flat however many sessions there are: holding every row, then the whole text,
/// then a copy of it for the write cost more in page faults than the formatting itself (3.3 MB
/// of JSON at 10 000 sessions, touched three times).
struct HistoryJSON {
    /// Bytes collected before they are handed to `emit`: large enough that a write(2) per chunk
    /// is negligible, small enough to stay in cache.
    static let chunkBytes = 1 << 16

    private var out: [UInt8] = []
    private var rows = 0
    private let emit: ([UInt8]) -> Void

    /// - Parameter emit: receives the text in order, a chunk at a time.
    init(emit: @escaping ([UInt8]) -> Void) {
        self.emit = emit
        out.reserveCapacity(Self.chunkBytes + 1024)
    }

    /// The whole array at once (tests, and callers that already hold the rows).
    static func render(_ rows: [HistoryJSONRow]) throws -> String {
        var text: [UInt8] = []
        var writer = HistoryJSON { text.append(contentsOf: $0) }
        for row in rows { writer.append(row) }
        try writer.finish()
        return String(decoding: text, as: UTF8.self)
    }

    /// Adds one row after those already appended.
    mutating func append(_ row: HistoryJSONRow) {
        // "[" before the first row, the separator before every later one: the array's end is
        // only known at `finish`.
        out.append(contentsOf: (rows == 0 ? "[\n  {\n    \"cppsDB\" : " : ",\n  {\n    \"cppsDB\" : ").utf8)
        rows += 1
        Self.number(&out, row.cppsDB)
        out.append(contentsOf: ",\n    \"createdAt\" : ".utf8)
        Self.string(&out, row.createdAt)
        out.append(contentsOf: ",\n    \"drill\" : ".utf8)
        Self.string(&out, row.drill)
        out.append(contentsOf: ",\n    \"durationSeconds\" : ".utf8)
        Self.number(&out, row.durationSeconds)
        out.append(contentsOf: ",\n    \"fillersPerMinute\" : ".utf8)
        Self.number(&out, row.fillersPerMinute)
        out.append(contentsOf: ",\n    \"id\" : ".utf8)
        Self.integer(&out, row.id)
        out.append(contentsOf: ",\n    \"overall\" : ".utf8)
        Self.number(&out, row.overall)
        out.append(contentsOf: ",\n    \"pitchSDSemitones\" : ".utf8)
        Self.number(&out, row.pitchSDSemitones)
        out.append(contentsOf: ",\n    \"sourceName\" : ".utf8)
        Self.string(&out, row.sourceName)
        out.append(contentsOf: ",\n    \"tier\" : ".utf8)
        if let tier = row.tier { Self.string(&out, tier) } else { out.append(contentsOf: "null".utf8) }
        out.append(contentsOf: ",\n    \"wpm\" : ".utf8)
        Self.number(&out, row.wpm)
        out.append(contentsOf: "\n  }".utf8)
        if out.count >= Self.chunkBytes { flush() }
    }

    /// Closes the array and hands on what is left.
    mutating func finish() throws {
        if rows == 0 {
            // JSONEncoder's spelling of an empty pretty-printed array is its own business; defer to it.
            out.append(contentsOf: try StableJSON.encode([HistoryJSONRow]()).utf8)
        } else {
            out.append(contentsOf: "\n]\n".utf8)
        }
        flush()
    }

    private mutating func flush() {
        guard !out.isEmpty else { return }
        emit(out)
        out.removeAll(keepingCapacity: true)
    }

    /// As `StableJSON`: whole numbers as integers (what `JSONEncoder` writes for them), others at
    /// three decimals with trailing zeros trimmed.
    private static func number(_ out: inout [UInt8], _ value: Double?) {
        guard let value else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            // JSONEncoder keeps the sign of a negative zero, and StableJSON leaves whole tokens be.
            if value == 0 && value.sign == .minus {
                out.append(contentsOf: "-0".utf8)
            } else {
                integer(&out, Int64(value))
            }
            return
        }
        // StableJSON rounds the shortest decimal spelling, which parses back to `value` itself,
        // so FixedDecimal's rounding of the binary value is the same number; its fast path
        // is repeated here without the strings, and everything else takes the string route.
        let product = value * 1000
        let nearTie = abs(product - product.rounded(.down) - 0.5) < 1e-7
        guard value.isFinite, abs(value) < 1e12, !nearTie else {
            out.append(contentsOf: StableJSON.format(value.description, decimals: 3).utf8)
            return
        }
        let scaled = Int64(product.rounded())
        if scaled < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        unsigned(&out, magnitude / 1000)
        var fraction = Int(magnitude % 1000)
        guard fraction != 0 else { return }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        out.append(UInt8(ascii: "."))
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    private static func integer(_ out: inout [UInt8], _ value: Int64) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        unsigned(&out, value.magnitude)
    }

    private static func unsigned(_ out: inout [UInt8], _ value: UInt64) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// A JSON string as `JSONEncoder` escapes it with `.withoutEscapingSlashes`.
    private static func string(_ out: inout [UInt8], _ text: String) {
        out.append(UInt8(ascii: "\""))
        // Almost every stored name, date and drill needs no escape: copied in one piece, not byte
        // by byte through the switch below (which was the writer's largest cost).
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            out.append(UInt8(ascii: "\""))
            return
        }
        // Bytes of multi-byte UTF-8 sequences are all ≥ 0x80, so escaping byte-wise below 0x20
        // and for the quote and backslash is the same as escaping scalar-wise.
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case ..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
