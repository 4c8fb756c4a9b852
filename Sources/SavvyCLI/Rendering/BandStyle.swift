import SavvyCoach

extension Band {
    /// The band as a coloured marker for reports, with its own word or `word`.
    func render(palette: Palette, word: String? = nil) -> String {
        switch self {
        case .green: return palette.green("● " + (word ?? "good"))
        case .amber: return palette.yellow("● " + (word ?? "watch"))
        case .red: return palette.red("● " + (word ?? "work on"))
        }
    }
}
