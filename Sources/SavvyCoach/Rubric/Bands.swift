/// The green/amber/red bands of DESIGN.md §5, in one place so rubric and report agree.
public enum Bands {
    /// Words per minute over the speaking span: 120–165 green, 100–120 or 165–185 amber.
    public static let pace = MetricBand(
        metric: "pace", unit: "wpm",
        rule: .target(green: 120...165, amber: 100...185),
        source: "Microsoft Speaker Coach (100–165 WPM)"
    )

    /// Fillers per minute: ≤3 green, ≥8 red. DESIGN.md leaves 6–8 open; it is amber here because
    /// the source finds no listener penalty at 5/min and a clear one only at 12/min.
    public static let fillers = MetricBand(
        metric: "fillers", unit: "per min",
        rule: .atMost(green: 3, redFrom: 8),
        source: "Laske & DiGennaro Reed 2024 (no penalty at 5/min, penalty at 12/min)"
    )

    /// Pitch SD in semitones: ≥3.5 expressive (green), 2–3.5 amber, <2 flat (red).
    public static let pitchVariety = MetricBand(
        metric: "pitch variety", unit: "semitones",
        rule: .atLeast(green: 3.5, amberFrom: 2),
        source: "Hincks 2005 (pitch dynamism ~2–4 semitones)"
    )

    /// All bands, for `savvy doctor`-style listings and legends.
    public static let all: [MetricBand] = [pace, fillers, pitchVariety]
}
