import Glibc

/// A file path as the kernel sees it — any bytes but NUL — carried in a `String` that gives the
/// same bytes back.
///
/// Linux file names are bytes, not text: `caf\xE9.wav` (Latin-1) is a valid name that is not
/// valid UTF-8. Swift's `String` repairs such bytes to U+FFFD (as `CommandLine.arguments` and
/// `ProcessInfo.environment` do), after which the name opens another file or none. Here every
/// byte that is not part of a well-formed UTF-8 sequence is kept as one scalar of a reserved
/// range at the very end of Unicode (U+10FF80–U+10FFFF, private use, plane 16: byte 0x80 + n is
/// U+10FF80 + n), the approach of Python's `surrogateescape` (PEP 383) with scalars a Swift
/// `String` can hold. The mapping is a bijection: a name that really contains one of those
/// scalars has its UTF-8 bytes escaped one by one too, so `bytes(of: decode(b)) == b` for every
/// byte string `b`, and valid UTF-8 names are unchanged.
///
/// Every call that hands a path to the kernel or a C library (`open`, `stat`, `mkdir`,
/// `sqlite3_open_v2`, …) goes through `withCString`, never through Swift's implicit
/// String-to-pointer bridging, which would write the reserved scalars as four UTF-8 bytes each.
/// Messages show a path through `displayed`, where each kept byte reads `\xE9`.
public enum RawPath {
    /// The reserved scalars: `escapeBase + byte` for the bytes 0x80–0xFF.
    static let escapeBase: UInt32 = 0x10FF00
    static let escapeRange: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

    /// The path for raw bytes (an `argv` entry, an environment value, a directory entry).
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = wellFormedScalar(in: bytes, at: index), !escapeRange.contains(scalar.value) {
                scalars.append(scalar)
                index += length
            } else {
                // Only bytes ≥ 0x80 can fail to decode, so the escape stays in the reserved range.
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The path for a NUL-terminated C string.
    public static func decode(cString: UnsafePointer<CChar>) -> String {
        decode(UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self),
                                   count: strlen(cString)))
    }

    /// The exact bytes `path` stands for (without a terminating NUL).
    public static func bytes(of path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if escapeRange.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the NUL-terminated bytes the kernel should see.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var bytes = bytes(of: path).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `text` (a path, or a message naming one) safe and unambiguous on a terminal: a kept byte
    /// reads `\xE9`, and a control character (C0, DEL, C1 — an escape sequence in a file name
    /// must not drive the terminal) reads `\x1B` or `\u{9B}`.
    public static func displayed(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if escapeRange.contains(value) {
                out += "\\x" + hex(value - escapeBase)
            } else if value < 0x20 || value == 0x7F {
                out += "\\x" + hex(value)
            } else if (0x80...0x9F).contains(value) {
                out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// The scalar a well-formed UTF-8 sequence (RFC 3629: shortest form, no surrogates, at most
    /// U+10FFFF) starting at `index` encodes, and its length; nil when the bytes there are not one.
    private static func wellFormedScalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; value = 0; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xED: length = 3; value = 0x0D; second = 0x80...0x9F
        case 0xF0: length = 4; value = 0; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        case 0xF4: length = 4; value = 4; second = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard (offset == 1 ? second : 0x80...0xBF).contains(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
