/// Finds the nearest known word for "did you mean …?" hints.
enum Suggestion {
    /// The candidate within an edit distance of 2 (or a third of the word) closest to `word`.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word, c)
            if d <= limit, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
