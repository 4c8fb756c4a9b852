import Foundation
@testable import SavvyStore

/// Four sessions, newest first, around a fixed "now" in UTC.
enum HistoryFixtures {
    static let utc = TimeZone(identifier: "UTC")!
    /// 2025-03-10 12:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_741_608_000)

    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static var rows: [HistoryRow] {
        [
            HistoryRow(id: 7, createdAt: at("2025-03-10T09:30:00Z"), drill: "star", sourceName: "take3.wav",
                       duration: 65, wpm: 142, fillersPerMinute: 2.1, pitchSD: 3.8, cpps: 12.3, overall: 3.9,
                       tier: "heuristic"),
            HistoryRow(id: 6, createdAt: at("2025-03-09T18:02:00Z"), drill: "pitch", sourceName: "pitch.wav",
                       duration: 120, wpm: 190, fillersPerMinute: 6.5, pitchSD: 2.4, cpps: 11.8, overall: 3.1,
                       tier: "llm-local"),
            HistoryRow(id: 5, createdAt: at("2025-02-28T14:10:00Z"), drill: "star", sourceName: "take1.wav",
                       duration: 30.4, wpm: 95, fillersPerMinute: 9, pitchSD: nil, cpps: nil, overall: nil, tier: nil),
            HistoryRow(id: 4, createdAt: at("2024-11-28T08:00:00Z"), drill: "interview-behavioural-long",
                       sourceName: "old.flac", duration: 3700, wpm: 130, fillersPerMinute: 4, pitchSD: 1.5, cpps: 10.9,
                       overall: 2.8, tier: "heuristic"),
        ]
    }
}
