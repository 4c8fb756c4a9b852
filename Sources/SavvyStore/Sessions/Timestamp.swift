@preconcurrency import Glibc
import Foundation

/// ISO-8601 UTC text with milliseconds (`2025-01-31T09:30:00.123Z`), the form times take in the
/// database.
///
/// Fixed width, so text order is time order and SQL can sort and filter on it. Formatted and
/// parsed by hand: history decodes thousands of rows, and a hand parser is exact, fast and
/// independent of locale and formatter caches.
public enum Timestamp {
    /// `date` rounded to the nearest millisecond, as text. Rounding (not truncating) makes
    /// `string(from: date(from: s)!) == s` despite binary floating point.
    public static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        let millis = Int(milliseconds - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // written byte by byte: history formats one per row, and joining padded pieces of
        // `String` cost more than the rest of a row
        let fields: [(value: Int, width: Int, separator: UInt8)] = [
            (Int(parts.tm_year) + 1900, 4, UInt8(ascii: "-")), (Int(parts.tm_mon) + 1, 2, UInt8(ascii: "-")),
            (Int(parts.tm_mday), 2, UInt8(ascii: "T")), (Int(parts.tm_hour), 2, UInt8(ascii: ":")),
            (Int(parts.tm_min), 2, UInt8(ascii: ":")), (Int(parts.tm_sec), 2, UInt8(ascii: ".")),
            (millis, 3, UInt8(ascii: "Z")),
        ]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        for field in fields {
            var divisor = 1
            for _ in 1..<field.width { divisor *= 10 }
            if field.value >= 0 && field.value < divisor * 10 {
                while divisor > 0 {
                    bytes.append(UInt8(ascii: "0") + UInt8(field.value / divisor % 10))
                    divisor /= 10
                }
            } else {
                // a year past 9999 takes its own width, as the padded text of old did
                bytes.append(contentsOf: String(field.value).utf8)
            }
            bytes.append(field.separator)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses text written by `string(from:)`; nil for anything else.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x2E, bytes[23] == 0x5A
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[start..<start + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int32(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), let millis = number(20, 3),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        return Date(timeIntervalSince1970: Double(Int64(seconds) * 1000 + Int64(millis)) / 1000)
    }
}
