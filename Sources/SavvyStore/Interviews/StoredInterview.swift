import Foundation

/// A stored interview with its turns in order.
public struct StoredInterview: Sendable, Equatable {
    public var id: Int64
    public var createdAt: Date
    public var drill: String
    /// The coach voice's summary ("espeak-ng en-us, 165 wpm, volume 100").
    public var voice: String
    /// The end-of-interview summary as written by the session layer; `nil` until it finished.
    public var summaryJSON: Data?
    public var turns: [InterviewTurnRecord]
}
