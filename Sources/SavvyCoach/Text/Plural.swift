/// Counted nouns for reasons and tips: "1 filler", "3 fillers".
public enum Plural {
    /// `n` and the noun, singular for exactly one; `plural` defaults to the singular + "s".
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
