import Foundation

/// Whether a model-written reason or tip reads as prose a person can use.
///
/// Small local models fill free-text fields with whatever keeps the grammar happy: timestamps and
/// digit runs ("2018-01-22 12:32:53.188.12.12"), one word over and over, or text cut at the token
/// limit. Each rule below names one of those failure shapes; none depends on the answer's topic.
enum ProseCheck {
    /// Longest reason shown (characters); `ModelJudgment` folds text to one line and cuts at 300
    /// with an ellipsis, so a cut reason fails here rather than being shown half-finished.
    static let reasonLimit = 240
    /// Longest tip text shown (characters).
    static let tipLimit = 200

    /// nil when `text` reads as prose of at most `limit` characters; otherwise why not, in words
    /// fit for a degrade note (the text itself is never quoted).
    static func problem(_ text: String, limit: Int) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "empty" }
        if trimmed.count > limit { return "longer than \(limit) characters" }
        if trimmed.hasSuffix("…") { return "cut off" }
        let tokens = trimmed.split(separator: " ")
        let words = tokens.map { $0.lowercased().filter(\.isLetter) }.filter { $0.count >= 2 }
        if words.count < 2 { return "fewer than two words" }
        // Letters against digits and symbols: prose is mostly letters, a timestamp has none.
        let visible = trimmed.filter { !$0.isWhitespace }
        let letters = visible.filter(\.isLetter).count
        if Double(letters) < 0.6 * Double(visible.count) { return "mostly digits and symbols" }
        // A token made of three or more digit groups (12:32:53.188, 1.2.3.4) is never prose.
        if tokens.contains(where: { token in
            token.split(whereSeparator: { !$0.isNumber }).count >= 3 && !token.contains(where: \.isLetter)
        }) {
            return "contains digit runs"
        }
        // The same word three times in a row, or a text that is mostly repeats of few words.
        for index in words.indices.dropFirst(2) where words[index] == words[index - 1] && words[index] == words[index - 2] {
            return "repeats '\(String(words[index].prefix(20)))'"
        }
        if words.count >= 8 && Double(Set(words).count) < 0.5 * Double(words.count) { return "repeats itself" }
        return nil
    }

    /// True when two tips say the same thing: identical word sequences, or at least two content
    /// stems shared that make up two thirds of the smaller tip's stems (overlap coefficient), so a
    /// reworded repeat is caught while tips that merely share one word ("result") are not.
    static func nearDuplicate(_ first: String, _ second: String) -> Bool {
        let a = TextNormalizer.tokens(first), b = TextNormalizer.tokens(second)
        if !a.isEmpty && a == b { return true }
        let stemsA = ContentWords.stems(first), stemsB = ContentWords.stems(second)
        let shared = stemsA.intersection(stemsB).count
        let smaller = min(stemsA.count, stemsB.count)
        return shared >= 2 && Double(shared) >= 2.0 / 3.0 * Double(smaller)
    }
}
