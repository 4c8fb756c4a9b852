/// Content-word extraction for relevance: stop words out, light suffix stemming.
public enum ContentWords {
    /// Function words plus the words prompts are phrased with ("tell me about a time").
    static let stopWords: Set<String> = [
        "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be",
        "because", "been", "before", "being", "between", "both", "but", "by", "can", "could", "did", "do", "does",
        "doing", "down", "during", "each", "even", "ever", "every", "few", "for", "from", "further", "get", "got",
        "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i", "if", "im", "in",
        "into", "is", "it", "its", "just", "let", "like", "me", "more", "most", "much", "my", "myself", "no", "nor",
        "not", "now", "of", "off", "on", "once", "one", "only", "or", "other", "our", "ours", "out", "over", "own",
        "really", "same", "she", "should", "so", "some", "such", "than", "that", "thats", "the", "their", "them",
        "then", "there", "these", "they", "thing", "things", "this", "those", "through", "to", "too", "under",
        "until", "up", "us", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "whom",
        "why", "will", "with", "would", "you", "your", "yours", "yourself", "um", "uh", "er", "ah", "hmm", "yeah",
        "okay", "well", "know", "mean", "kind", "sort", "basically", "actually",
        // Prompt phrasing, not topic, in every form a prompt or an answer uses it ("a time you made
        // a call" is about the call: "made" listed as a word the answer never says misled).
        "tell", "tells", "telling", "told", "describe", "describes", "described", "explain", "explains",
        "explained", "talk", "talks", "talked", "talking", "give", "gives", "gave", "given", "giving", "time",
        "times", "situation", "share", "shares", "shared", "think", "thinks", "thought", "thinking", "way", "ways",
        "make", "makes", "made", "making", "better", "best", "pitch", "yourself", "someone", "something",
        "anything", "everyone",
    ]

    /// The stems of the content words in `text`, as a set.
    /// The content words of `text` as spelled, one per stem, in order of first use — for
    /// showing to people (stems like "colleagu" are for matching only).
    public static func keyWords(_ text: String) -> [String] {
        var seen = Set<String>()
        return TextNormalizer.tokens(text)
            .filter { !stopWords.contains($0) && $0.count > 2 }
            .filter { seen.insert(stem($0)).inserted }
    }

    public static func stems(_ text: String) -> Set<String> {
        Set(TextNormalizer.tokens(text).filter { !stopWords.contains($0) && $0.count > 2 }.map(stem))
    }

    /// Irregular verb forms to their base form, which the suffix rules cannot reach: "Tell me about
    /// a time you led a team" answered with "I was leading…" was told it never says "led". Verbs
    /// that STAR answers tell their stories with; forms that are also common other words ("left",
    /// "saw", "lay") are left out, since a wrong join is worse than a missed one.
    static let irregularForms: [String: String] = [
        "began": "begin", "begun": "begin", "bought": "buy", "broke": "break", "broken": "break",
        "brought": "bring", "built": "build", "caught": "catch", "chose": "choose", "chosen": "choose",
        "drew": "draw", "drawn": "draw", "drove": "drive", "driven": "drive", "fell": "fall", "fallen": "fall",
        "felt": "feel", "fought": "fight", "forgot": "forget", "forgotten": "forget", "grew": "grow",
        "grown": "grow", "held": "hold", "kept": "keep", "led": "lead", "lost": "lose", "met": "meet",
        "overcame": "overcome", "paid": "pay", "ran": "run", "rose": "rise", "risen": "rise", "sent": "send",
        "sold": "sell", "sought": "seek", "spent": "spend", "spoke": "speak", "spoken": "speak",
        "stood": "stand", "struck": "strike", "taught": "teach", "took": "take", "taken": "take",
        "threw": "throw", "thrown": "throw", "understood": "understand", "went": "go", "won": "win",
        "wrote": "write", "written": "write",
    ]

    /// A light English suffix stripper: enough that "resolve", "resolved", "resolving" and
    /// "resolves" meet, without a dictionary. Not Porter; deliberately conservative.
    public static func stem(_ word: String) -> String {
        var w = irregularForms[word] ?? word
        func strip(_ suffix: String, minimumLeft: Int) -> Bool {
            guard w.hasSuffix(suffix), w.count - suffix.count >= minimumLeft else { return false }
            w.removeLast(suffix.count)
            return true
        }
        if strip("ies", minimumLeft: 3) {
            w += "y"
        } else if !w.hasSuffix("ss") {
            _ = strip("s", minimumLeft: 3)
        }
        if !strip("ing", minimumLeft: 3) { _ = strip("ed", minimumLeft: 3) }
        _ = strip("ly", minimumLeft: 4)
        _ = strip("e", minimumLeft: 3)
        // "stopped" → "stopp" → "stop": fold a doubled final consonant left by -ed/-ing.
        if w.count >= 4, let last = w.last, last == w.dropLast().last, !"aeiouls".contains(last) {
            w.removeLast()
        }
        return w
    }
}
