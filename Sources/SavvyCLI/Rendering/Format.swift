import Foundation
import SavvySession

/// Number and time formatting shared by every report, fixed so output is reproducible.
enum Format {
    /// `value` with exactly `decimals` decimals, rounded as printf rounds, and
    /// no "-0". Built from integers: `String(format:)` dominated the time of a long history.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        FixedDecimal.format(value, decimals)
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
