import SavvyCoach

/// What a 1–5 criterion score says in one word, and its colour.
///
/// The word comes from the score alone, never from the measurement behind it, so the label
/// beside "4/5" is the same whatever the criterion, and a reason can only explain the score,
/// not contradict it ("Conciseness 4/5 ● good — 52 s, just short of the 60–120 s target").
enum ScoreLabel {
    static func word(_ score: Int) -> String {
        switch score {
        case 5...: return "strong"
        case 4: return "good"
        case 3: return "fair"
        case 2: return "weak"
        default: return "poor"
        }
    }

    /// Green for 4–5, amber for 3, red for 1–2.
    static func band(_ score: Int) -> Band { score >= 4 ? .green : (score == 3 ? .amber : .red) }
}
