import SavvyCoach
import SavvyStore

/// A number the progress page charts across sessions: how to read it, its green band, and
/// which way is better (shared with `savvy history`'s trends where the metric is the same).
enum ProgressMetric: CaseIterable {
    case wpm, fillersPerMinute, pitchSD, cpps, structure, relevance, overall

    var title: String {
        switch self {
        case .wpm: return "Pace (WPM)"
        case .fillersPerMinute: return "Fillers per minute"
        case .pitchSD: return "Pitch variety (SD, semitones)"
        case .cpps: return "Voice (CPPS, dB)"
        case .structure: return "Structure (1–5)"
        case .relevance: return "Relevance (1–5)"
        case .overall: return "Overall (1–5)"
        }
    }

    /// The `history` metric with the same number, for its goal and formatting.
    private var history: HistoryMetric? {
        switch self {
        case .wpm: return .wpm
        case .fillersPerMinute: return .fillersPerMinute
        case .pitchSD: return .pitchSD
        case .cpps: return .cpps
        case .overall: return .overall
        case .structure, .relevance: return nil
        }
    }

    func value(_ row: ProgressRow) -> Double? {
        switch self {
        case .structure: return row.structure.map(Double.init)
        case .relevance: return row.relevance.map(Double.init)
        default: return history!.value(row.history)
        }
    }

    var goal: HistoryMetric.Goal { history?.goal ?? .higher }

    func format(_ value: Double) -> String {
        history?.format(value) ?? Format.fixed(value, 0)
    }

    /// The green band to shade, from `Bands` (DESIGN §5); rubric scores are green from 4 as on
    /// the report cards. CPPS has none: it is a personal trend, not a norm.
    var green: ClosedRange<Double>? {
        switch self {
        case .cpps: return nil
        case .structure, .relevance, .overall: return 4...5
        default:
            switch history!.band!.rule {
            case let .target(green, _): return green
            case let .atMost(green, _): return 0...green
            case let .atLeast(green, _): return green...Double.greatestFiniteMagnitude
            }
        }
    }

    /// Fixed axes for 1–5 scores so sessions compare by eye; the data decide the rest.
    var fixedDomain: ClosedRange<Double>? {
        switch self {
        case .structure, .relevance, .overall: return 1...5
        default: return nil
        }
    }
}

/// One session on the progress page: the history row plus the latest rubric's content scores.
struct ProgressRow {
    let history: HistoryRow
    let structure: Int?
    let relevance: Int?
}
