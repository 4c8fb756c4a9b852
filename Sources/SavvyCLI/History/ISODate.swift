import Foundation

/// ISO-8601 UTC with milliseconds (`2025-01-31T09:30:00.123Z`), the form dates take in CSV and
/// JSON output: unambiguous across time zones and sortable as text.
enum ISODate {
    static func string(from date: Date) -> String {
        // A formatter per call: ISO8601DateFormatter is not Sendable, and one history renders once.
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
