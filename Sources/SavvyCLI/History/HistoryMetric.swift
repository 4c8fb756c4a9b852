import SavvyCoach
import SavvyStore

/// A number `savvy history` follows across sessions: how to read it from a row, show it, band
/// it and judge its change.
enum HistoryMetric: CaseIterable {
    case wpm, fillersPerMinute, pitchSD, cpps, overall

    /// Which way is better.
    enum Goal: Equatable {
        case higher
        case lower
        /// Inside the range is best; closer to it is better.
        case within(ClosedRange<Double>)
    }

    var title: String {
        switch self {
        case .wpm: return "WPM"
        case .fillersPerMinute: return "fillers/min"
        case .pitchSD: return "pitch SD"
        case .cpps: return "CPPS"
        case .overall: return "overall"
        }
    }

    /// Unit suffix after the number, with its leading space; empty when the title says it.
    var unit: String {
        switch self {
        case .pitchSD: return " st"
        case .cpps: return " dB"
        case .wpm, .fillersPerMinute, .overall: return ""
        }
    }

    /// Decimals shown: whole words per minute, tenths elsewhere (the overall score is stored in
    /// tenths).
    var decimals: Int { self == .wpm ? 0 : 1 }

    func value(_ row: HistoryRow) -> Double? {
        switch self {
        case .wpm: return row.wpm
        case .fillersPerMinute: return row.fillersPerMinute
        case .pitchSD: return row.pitchSD
        case .cpps: return row.cpps
        case .overall: return row.overall
        }
    }

    /// The DESIGN §5 band that colours the number; CPPS is a trend, never a diagnosis, and the
    /// overall score has no published band, so neither is coloured.
    var band: MetricBand? {
        switch self {
        case .wpm: return Bands.pace
        case .fillersPerMinute: return Bands.fillers
        case .pitchSD: return Bands.pitchVariety
        case .cpps, .overall: return nil
        }
    }

    /// Pace is best inside its green band (read from `Bands.pace`, so the two cannot drift);
    /// fewer fillers, more pitch variety, higher CPPS (less breathy or rough voice, Murton et al.
    /// 2020) and a higher score are better.
    var goal: Goal {
        switch self {
        case .wpm:
            if case let .target(green, _) = Bands.pace.rule { return .within(green) }
            return .higher
        case .fillersPerMinute: return .lower
        case .pitchSD, .cpps, .overall: return .higher
        }
    }

    /// A change no larger than this reads as steady: it is within what the same speaker varies
    /// by from one take to the next, or (for the score) one rounding step either side.
    var tolerance: Double {
        switch self {
        case .wpm: return 5
        case .fillersPerMinute: return 0.5
        case .pitchSD: return 0.3
        case .cpps: return 0.5
        case .overall: return 0.2
        }
    }

    func format(_ value: Double) -> String { Format.fixed(value, decimals) + unit }
}
