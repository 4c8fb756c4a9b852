/// How the seven criteria combine into the content and delivery subtotals and the overall score
/// (README, *Scores*). Pure arithmetic on the integer criteria, so the same scores always give
/// the same numbers.
///
/// Content asks whether the answer did its job: it answered the question asked, with the parts
/// the drill expects. Both must hold, so content is the harmonic mean of Structure and Relevance,
/// which stays near the weaker of the two (5 and 5 give 5; 5 and 2 give 2.9 where the plain mean
/// gave 3.5): a relevant answer without its Result, or a tidy one that skips the point, is not
/// good content. An answer about something else (Relevance ≤ `offTopicRelevance`) has no content
/// for this prompt however well it is built, so its content is capped at its Relevance. Delivery
/// is the plain mean of its five criteria. The overall counts content twice: a pleasant voice
/// does not rescue an answer that misses a part or the question.
public enum ScoreWeights {
    /// Relevance at or below which the answer is judged to be about something else.
    public static let offTopicRelevance = 2
    /// Content's weight in the overall against delivery's 1.
    public static let contentWeight = 2.0

    /// Content from Structure and Relevance (1–5 each), unrounded.
    public static func content(structure: Int, relevance: Int) -> Double {
        let s = min(5, max(1, structure))
        let r = min(5, max(1, relevance))
        let harmonic = Double(2 * s * r) / Double(s + r)
        return r <= offTopicRelevance ? min(Double(r), harmonic) : harmonic
    }

    /// The mean of `scores`, unrounded (delivery from Fluency, Pace, Delivery, Engagement and
    /// Conciseness); nil for none.
    public static func mean(_ scores: [Int]) -> Double? {
        guard !scores.isEmpty else { return nil }
        return Double(scores.reduce(0, +)) / Double(scores.count)
    }

    /// (2 × content + delivery) / 3 from the unrounded subtotals.
    public static func overall(content: Double, delivery: Double) -> Double {
        (contentWeight * content + delivery) / (contentWeight + 1)
    }

    /// `value` to one decimal, halves away from zero.
    static func oneDecimal(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
