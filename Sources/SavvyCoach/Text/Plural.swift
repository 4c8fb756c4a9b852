/// Counted nouns and articles for reasons and tips: "1 filler", "3 fillers", "an Action".
public enum Plural {
    /// `n` and the noun, singular for exactly one; `plural` defaults to the singular + "s".
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }

    /// "a" or "an" for `word` by its first letter ("an Action", "a Result", "an elevator pitch").
    public static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }
}
