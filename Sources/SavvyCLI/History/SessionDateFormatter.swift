import Foundation

/// Session dates as people scan a history: `today 09:30`, `yesterday 18:02`, `Mar 3 14:10`
/// within the year, `2024-11-28` before it.
///
/// English month names and a 24-hour clock from a fixed Gregorian calendar rather than the
/// locale, so the column has one width and tests one answer.
struct SessionDateFormatter {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    let calendar: Calendar
    let today: DateComponents
    let yesterday: DateComponents

    init(now: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        today = calendar.dateComponents([.year, .month, .day], from: now)
        let previous = calendar.date(byAdding: .day, value: -1, to: now) ?? now
        yesterday = calendar.dateComponents([.year, .month, .day], from: previous)
    }

    func string(for date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
              let minute = parts.minute
        else { return "—" }
        let time = Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
        if year == today.year, month == today.month, day == today.day { return "today " + time }
        if year == yesterday.year, month == yesterday.month, day == yesterday.day { return "yesterday " + time }
        if year == today.year { return "\(Self.months[month - 1]) \(day) \(time)" }
        return String(year) + "-" + Self.twoDigits(month) + "-" + Self.twoDigits(day)
    }

    /// `7` → `07`. (`String(format:)` costs more than the rest of a history row together.)
    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
