/// ANSI styling, decided once per stream.
///
/// Order of precedence (no-color.org, ripgrep): `--color never|always|auto` > a non-empty
/// `NO_COLOR` > `TERM` unset or `dumb` > whether the stream is a terminal. `--json` output is
/// never coloured: commands render JSON without a palette.
public struct Palette: Sendable {
    public enum Choice: String, CaseIterable, Sendable { case auto, always, never }

    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public static func decide(choice: Choice, environment: [String: String], isTerminal: Bool) -> Palette {
        switch choice {
        case .always: return Palette(enabled: true)
        case .never: return Palette(enabled: false)
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return Palette(enabled: false) }
            guard let term = environment["TERM"], term != "dumb" else { return Palette(enabled: false) }
            _ = term
            return Palette(enabled: isTerminal)
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ s: String) -> String { wrap(s, "1") }
    public func dim(_ s: String) -> String { wrap(s, "2") }
    public func red(_ s: String) -> String { wrap(s, "31") }
    public func green(_ s: String) -> String { wrap(s, "32") }
    public func yellow(_ s: String) -> String { wrap(s, "33") }
    public func cyan(_ s: String) -> String { wrap(s, "36") }
}
