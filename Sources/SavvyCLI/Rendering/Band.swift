/// Green / amber / red judgement of a number against its published band.
enum Band: String, Codable, Sendable {
    case green, amber, red

    func render(palette: Palette) -> String {
        switch self {
        case .green: return palette.green("● good")
        case .amber: return palette.yellow("● watch")
        case .red: return palette.red("● work on")
        }
    }
}

/// The bands of DESIGN §5 that the delivery-only report needs.
enum DeliveryBands {
    /// Pitch SD in semitones: ≥ 3.5 expressive, 2–3.5 moderate, < 2 flat (Hincks 2005: dynamic
    /// speakers ~2–4 semitones).
    static func pitchVariety(_ semitones: Double) -> Band {
        semitones >= 3.5 ? .green : (semitones >= 2 ? .amber : .red)
    }
}
