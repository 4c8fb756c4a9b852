/// Word error rate by Levenshtein alignment over normalised words (lower case, letters, digits and
/// apostrophes only; hyphens split words), the usual ASR scoring.
enum WordErrorRate {
    static func normalise(_ text: String) -> [String] {
        let lowered = text.lowercased().replacingOccurrences(of: "-", with: " ")
        let kept = lowered.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return (c.isLetter || c.isNumber || c == "'" || c == " ") ? c : " "
        }
        return String(kept).split(separator: " ").map(String.init)
    }

    /// Edit distance (substitutions + deletions + insertions) between word sequences.
    static func errors(reference: [String], hypothesis: [String]) -> Int {
        if reference.isEmpty { return hypothesis.count }
        var previous = Array(0...hypothesis.count)
        for (i, ref) in reference.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: hypothesis.count)
            for (j, hyp) in hypothesis.enumerated() {
                let substitution = previous[j] + (ref == hyp ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            previous = current
        }
        return previous[hypothesis.count]
    }

    /// Length of the longest common subsequence: words heard in the right order.
    static func commonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [Int](repeating: 0, count: b.count + 1)
            for (j, y) in b.enumerated() {
                current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return previous[b.count]
    }
}
