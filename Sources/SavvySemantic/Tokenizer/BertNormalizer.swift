import Foundation

/// BERT's text normaliser, as the `BertNormalizer` of HF `tokenizers` runs it: drop control
/// characters and map whitespace to spaces, put spaces around CJK ideographs, strip accents
/// (NFD, then drop non-spacing marks), lower-case, in that order.
struct BertNormalizer: Sendable, Equatable {
    var cleanText: Bool
    var handleChineseChars: Bool
    var stripAccents: Bool
    var lowercase: Bool

    func normalize(_ input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var text = input
        if cleanText {
            text = text.compactMap { scalar in
                if scalar.value == 0 || scalar.value == 0xFFFD || Self.isControl(scalar) { return nil }
                return Self.isWhitespace(scalar) ? " " : scalar
            }
        }
        if handleChineseChars {
            var spaced: [Unicode.Scalar] = []
            spaced.reserveCapacity(text.count)
            for scalar in text {
                if Self.isChineseChar(scalar) {
                    spaced.append(" ")
                    spaced.append(scalar)
                    spaced.append(" ")
                } else {
                    spaced.append(scalar)
                }
            }
            text = spaced
        }
        if stripAccents {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text)
            text = String(view).decomposedStringWithCanonicalMapping.unicodeScalars
                .filter { $0.properties.generalCategory != .nonspacingMark }
        }
        if lowercase {
            // Scalar by scalar with the full mapping, as Rust's `char::to_lowercase` (no
            // context-dependent final sigma, which `String.lowercased()` would apply).
            text = text.flatMap { scalar -> [Unicode.Scalar] in
                scalar.properties.changesWhenLowercased ? Array(scalar.properties.lowercaseMapping.unicodeScalars) : [scalar]
            }
        }
        return text
    }

    /// Tab, newline and carriage return count as whitespace, not control.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.properties.isWhitespace
    }

    /// The "other" categories (Cc, Cf, Cn, Co, Cs), except tab, newline and carriage return.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" || scalar == "\r" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .unassigned, .privateUse, .surrogate: return true
        default: return false
        }
    }

    /// The CJK Unified Ideographs blocks and their extensions and compatibility blocks that
    /// BERT's original tokenizer treats as one-character words (Korean and Japanese kana are not).
    static func isChineseChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F,
            0x2B740...0x2B81F, 0x2B820...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
