import Foundation

/// One line of `savvy history`: the session's headline numbers and its latest score.
///
/// Built from the denormalised columns only, so listing thousands of sessions decodes no JSON.
public struct HistoryRow: Sendable, Equatable {
    /// Session id.
    public var id: Int64
    /// When the practice happened.
    public var createdAt: Date
    /// Drill id.
    public var drill: String
    /// The original file name.
    public var sourceName: String
    /// Duration in seconds.
    public var duration: Double
    /// Words per minute.
    public var wpm: Double?
    /// Fillers per minute.
    public var fillersPerMinute: Double?
    /// Pitch SD in semitones.
    public var pitchSD: Double?
    /// Mean CPPS in dB.
    public var cpps: Double?
    /// Overall score of the most recent scoring, nil when unscored.
    public var overall: Double?
    /// Tier of the most recent scoring, nil when unscored.
    public var tier: String?
}
