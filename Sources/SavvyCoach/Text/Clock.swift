/// Times in tips and reasons as "m:ss", the way a player shows them.
enum Clock {
    static func format(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded(.down)))
        let secs = whole % 60
        return "\(whole / 60):\(secs < 10 ? "0" : "")\(secs)"
    }

    /// Numbers in reasons with one decimal, independent of locale.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
