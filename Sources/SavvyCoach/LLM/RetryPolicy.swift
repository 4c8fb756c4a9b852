import Foundation

/// Bounded retries for HTTP 429 and 503: exponential backoff, honouring `Retry-After`.
public struct RetryPolicy: Sendable, Equatable {
    /// Total attempts including the first.
    public var maxAttempts: Int
    /// Delay before the second attempt when the server gives no `Retry-After`; doubles each time.
    public var baseDelaySeconds: Double
    /// Longest single wait. A `Retry-After` beyond it ends the retries at once: waiting minutes
    /// for a coaching paragraph is worse than the heuristic answer now.
    public var maxDelaySeconds: Double

    public init(maxAttempts: Int, baseDelaySeconds: Double, maxDelaySeconds: Double) {
        self.maxAttempts = maxAttempts
        self.baseDelaySeconds = baseDelaySeconds
        self.maxDelaySeconds = maxDelaySeconds
    }

    /// Three attempts, 1 s then 2 s, at most 20 s per wait.
    public static let standard = RetryPolicy(maxAttempts: 3, baseDelaySeconds: 1, maxDelaySeconds: 20)

    /// The wait before attempt `attempt + 1` (attempt counts from 1), or nil to stop retrying.
    /// `retryAfter` is the header value; only delta-seconds are honoured (HTTP dates fall back
    /// to backoff, as the clock must not enter the result).
    public func delay(afterAttempt attempt: Int, retryAfter: String?) -> Double? {
        guard attempt < maxAttempts else { return nil }
        if let retryAfter, let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return seconds <= maxDelaySeconds ? seconds : nil
        }
        var delay = baseDelaySeconds
        for _ in 1..<attempt { delay *= 2 }
        return min(delay, maxDelaySeconds)
    }
}
