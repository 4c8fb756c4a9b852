import SavvyCoach

extension Band {
    /// The band as a coloured marker for reports.
    func render(palette: Palette) -> String {
        switch self {
        case .green: return palette.green("● good")
        case .amber: return palette.yellow("● watch")
        case .red: return palette.red("● work on")
        }
    }
}
