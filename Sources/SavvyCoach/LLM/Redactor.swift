/// Makes text that a server wrote safe to show on a terminal and to store.
///
/// Everything an LLM endpoint sends back (error codes, types and messages, model reasons, tips,
/// quotes, header values) passes through `clean` before it reaches a degrade note, the rubric or
/// the judgment cache:
/// - every configured key or token is replaced by `<redacted>`, case-insensitively — a server may
///   echo any of them in any field, and a local server may echo a cloud key it was sent by mistake;
/// - terminal escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL|ESC \`, and two-byte
///   `ESC x`) are removed whole, so no colour, cursor move or title change survives;
/// - every other control character (C0, DEL, C1 such as U+009B) and the bidirectional overrides
///   (U+202A–U+202E, U+2066–U+2069), which can make shown text read differently from what it is,
///   are removed; tabs and line breaks become spaces and runs of spaces fold to one.
struct Redactor: Sendable {
    static let placeholder = "<redacted>"

    private let secrets: [String]

    /// - Parameter secrets: every configured key and token; empty ones are ignored. Longer keys
    ///   are replaced first so a key that contains another is redacted whole.
    init(secrets: [String]) {
        self.secrets = Array(Set(secrets.filter { !$0.isEmpty })).sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// `text` with keys redacted and control characters and escape sequences removed, on one line.
    func clean(_ text: String) -> String {
        var result = Self.stripControls(text)
        for secret in secrets {
            result = result.replacingOccurrences(of: secret, with: Self.placeholder, options: .caseInsensitive)
        }
        // Redaction runs after stripping: a key split by an escape sequence is whole again then.
        return result.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    private enum EscapeState {
        case text
        case escape
        case csi
        case osc
        case oscEscape
    }

    static func stripControls(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var state = EscapeState.text
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch state {
            case .text:
                if value == 0x1B {
                    state = .escape
                } else if value == 0x9B {
                    state = .csi  // the 8-bit CSI
                } else if value == 0x9D {
                    state = .osc  // the 8-bit OSC
                } else if value == 0x09 || value == 0x0A || value == 0x0D {
                    output.append(" ")
                } else if !isUnsafe(value) {
                    output.append(scalar)
                }
            case .escape:
                // ESC [ starts CSI, ESC ] starts OSC; any other byte ends a two-byte sequence.
                state = value == 0x5B ? .csi : value == 0x5D ? .osc : .text
            case .csi:
                // Parameters and intermediates are 0x20–0x3F; a final byte 0x40–0x7E ends it.
                if (0x40...0x7E).contains(value) || !(0x20...0x3F).contains(value) { state = .text }
            case .osc:
                if value == 0x07 || value == 0x9C { state = .text } else if value == 0x1B { state = .oscEscape }
            case .oscEscape:
                state = value == 0x5C ? .text : .osc
            }
        }
        return String(output)
    }

    private static func isUnsafe(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}
