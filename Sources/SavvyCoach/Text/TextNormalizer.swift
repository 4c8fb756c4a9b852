/// Case, punctuation and whitespace folding shared by cue matching and grounding.
///
/// Lower-cases, drops apostrophes ("that's" → "thats", so ASR and model spellings meet) and turns
/// every other non-alphanumeric character into a token break.
public enum TextNormalizer {
    /// The normalised tokens of `text`, in order.
    public static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character == "'" || character == "\u{2019}" { continue }
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
