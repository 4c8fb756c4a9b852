import Foundation

/// Number and time formatting shared by every report, fixed so output is reproducible.
enum Format {
    /// `value` with exactly `decimals` decimals, rounded as printf rounds, and
    /// no "-0". Built from integers: `String(format:)` dominated the time of a long history.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<min(max(decimals, 0), 6) { scale *= 10 }
        let product = value * Double(scale)
        // Near a half the product's own rounding can differ from the decimal value's; printf
        // decides those few exactly.
        let nearTie = abs(product - product.rounded(.down) - 0.5) < 1e-7
        guard value.isFinite, abs(value) < 1e12, (0...6).contains(decimals), !nearTie else {
            let s = String(format: "%.\(decimals)f", value)
            return s == "-0" || s.hasPrefix("-0.") && Double(s) == 0 ? String(s.dropFirst()) : s
        }
        let scaled = Int64(product.rounded())
        let magnitude = scaled.magnitude
        let whole = String(magnitude / UInt64(scale))
        var text = scaled < 0 ? "-" + whole : whole
        if decimals > 0 {
            let fraction = String(magnitude % UInt64(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// `32.9 s`, `4 min 05 s`, `1 h 02 min`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return fixed(seconds, 1) + " s" }
        let total = Int(seconds.rounded())
        if total < 3600 { return String(format: "%d min %02d s", total / 60, total % 60) }
        return String(format: "%d h %02d min", total / 3600, (total % 3600) / 60)
    }

    /// `1:05.3` (minutes:seconds) for positions in a recording.
    static func clock(_ seconds: Double) -> String {
        let m = Int(seconds) / 60
        let s = seconds - Double(m * 60)
        return String(format: "%d:%04.1f", m, s)
    }
}
