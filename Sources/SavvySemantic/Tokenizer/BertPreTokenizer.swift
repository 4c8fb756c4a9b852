/// BERT's pre-tokeniser, as HF `tokenizers` runs it: split on whitespace (dropped), then make
/// every punctuation character a word of its own.
enum BertPreTokenizer {
    static func words(_ text: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        var words: [ArraySlice<Unicode.Scalar>] = []
        var start = text.startIndex
        for index in text.indices {
            let scalar = text[index]
            if BertNormalizer.isWhitespace(scalar) || isPunctuation(scalar) {
                if start < index { words.append(text[start..<index]) }
                if !BertNormalizer.isWhitespace(scalar) { words.append(text[index...index]) }
                start = index + 1
            }
        }
        if start < text.endIndex { words.append(text[start...]) }
        return words
    }

    /// ASCII punctuation (which includes symbols such as `$`, `+`, `^`) or a Unicode
    /// punctuation category (Pc, Pd, Ps, Pe, Pi, Pf, Po).
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
            return true
        default:
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                return true
            default:
                return false
            }
        }
    }
}
