import SavvySession
import Foundation
import SavvyStore

/// One session in `savvy history --json`.
///
/// Every key is always present, a missing number as `null`, so scripts can rely on the shape.
/// Encode with `StableJSON` for sorted keys and fixed precision.
public struct HistoryJSONRow: Codable, Equatable, Sendable {
    public var id: Int64
    /// ISO-8601 UTC with milliseconds.
    public var createdAt: String
    public var drill: String
    public var sourceName: String
    /// Seconds.
    public var durationSeconds: Double
    public var wpm: Double?
    public var fillersPerMinute: Double?
    /// Semitones.
    public var pitchSDSemitones: Double?
    /// Decibels.
    public var cppsDB: Double?
    /// The latest scoring's overall score (1–5); null when unscored.
    public var overall: Double?
    /// The tier that produced that score; null when unscored.
    public var tier: String?

    public init(_ row: HistoryRow) {
        id = row.id
        createdAt = Timestamp.string(from: row.createdAt)
        drill = row.drill
        sourceName = row.sourceName
        durationSeconds = row.duration
        wpm = row.wpm
        fillersPerMinute = row.fillersPerMinute
        pitchSDSemitones = row.pitchSD
        cppsDB = row.cpps
        overall = row.overall
        tier = row.tier
    }

    enum CodingKeys: String, CodingKey {
        case id, createdAt, drill, sourceName, durationSeconds, wpm, fillersPerMinute, pitchSDSemitones, cppsDB,
             overall, tier
    }

    // Written by hand so nil becomes an explicit null rather than a missing key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(drill, forKey: .drill)
        try c.encode(sourceName, forKey: .sourceName)
        try c.encode(durationSeconds, forKey: .durationSeconds)
        try c.encode(wpm, forKey: .wpm)
        try c.encode(fillersPerMinute, forKey: .fillersPerMinute)
        try c.encode(pitchSDSemitones, forKey: .pitchSDSemitones)
        try c.encode(cppsDB, forKey: .cppsDB)
        try c.encode(overall, forKey: .overall)
        try c.encode(tier, forKey: .tier)
    }
}
