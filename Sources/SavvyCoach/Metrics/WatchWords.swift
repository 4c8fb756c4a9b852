import Foundation

/// Words (or phrases) the user wants flagged: ones to avoid ("literally") and ones to include
/// (a product name, "customer").
///
/// File format (`watch-words.txt` in the config folder): one entry a line, `avoid: PHRASE` or
/// `include: PHRASE`; blank lines and lines starting with `#` are ignored.
public struct WatchWords: Sendable, Equatable {
    public var avoid: [String]
    public var include: [String]

    public init(avoid: [String] = [], include: [String] = []) {
        self.avoid = avoid.map(Self.normalise).filter { !$0.isEmpty }
        self.include = include.map(Self.normalise).filter { !$0.isEmpty }
    }

    public var isEmpty: Bool { avoid.isEmpty && include.isEmpty }

    /// Parses the file format above; a bad line is a `CoachError` naming the file and line.
    public static func parse(_ text: String, file: String) throws(CoachError) -> WatchWords {
        var avoid: [String] = [], include: [String] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty, parts[0] == "avoid" || parts[0] == "include" else {
                throw CoachError.configLineInvalid(path: file, line: n + 1,
                                                   detail: "expected 'avoid: WORDS' or 'include: WORDS'")
            }
            if parts[0] == "avoid" { avoid.append(parts[1]) } else { include.append(parts[1]) }
        }
        return WatchWords(avoid: avoid, include: include)
    }

    /// Merges two lists (file + flags), keeping order and dropping repeats.
    public func merged(with other: WatchWords) -> WatchWords {
        func union(_ a: [String], _ b: [String]) -> [String] {
            var seen = Set<String>()
            return (a + b).filter { seen.insert($0).inserted }
        }
        return WatchWords(avoid: union(avoid, other.avoid), include: union(include, other.include))
    }

    static func normalise(_ phrase: String) -> String {
        phrase.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).joined(separator: " ")
    }
}
