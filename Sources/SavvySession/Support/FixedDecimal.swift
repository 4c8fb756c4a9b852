import Foundation

/// Fixed-point decimal text without `String(format:)` on the common path (it dominated a
/// 10 000-row history), shared by the JSON writer and the CLI's number formatting.
public enum FixedDecimal {
    /// `value` with exactly `decimals` places (0–6), rounded half away from zero; `-0` is `0`.
    public static func format(_ value: Double, _ decimals: Int) -> String {
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
}
