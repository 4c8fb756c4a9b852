/// The filler phrases savvy looks for, each with the rule that decides when it counts.
///
/// Users can change it with a plain text file (e.g. `$XDG_CONFIG_HOME/savvy/fillers.txt`), read
/// by `FillerLexicon.parse(_:base:)` on top of `standard`:
/// ```
/// # comments and blank lines are ignored
/// always erm              # <rule> <phrase words…>: add or replace a phrase
/// clause-edge honestly
/// clause-start okay
/// off right               # off <phrase words…>: stop counting a phrase
/// ```
/// Rules are the `FillerRule` raw values: always, clause-start, clause-edge, like, discourse,
/// hedge, tag. Phrases are matched case-insensitively on whole words.
public struct FillerLexicon: Sendable, Equatable {
    /// One phrase and its rule.
    public struct Entry: Sendable, Equatable {
        /// Lower-case words, e.g. ["you", "know"].
        public var words: [String]
        public var rule: FillerRule

        public init(words: [String], rule: FillerRule) {
            self.words = words.map { $0.lowercased() }
            self.rule = rule
        }

        /// The phrase as one string, e.g. "you know".
        public var phrase: String { words.joined(separator: " ") }
    }

    /// A line of a lexicon file that could not be used; the caller turns it into its error.
    public struct InvalidLine: Sendable, Equatable {
        /// 1-based line number.
        public var line: Int
        public var detail: String
    }

    public private(set) var entries: [Entry]

    /// Version of the built-in list; stored with metrics so rescoring can tell lists apart.
    public static let standardVersion = 1

    /// savvy's list: the hesitations (with the spellings Whisper uses: "umm", "uhh") and
    /// discourse markers that speech coaches count
    /// (Microsoft Speaker Coach, Toastmasters "ah-counter" lists).
    public static let standard = FillerLexicon(entries: [
        Entry(words: ["um"], rule: .always), Entry(words: ["umm"], rule: .always),
        Entry(words: ["uh"], rule: .always), Entry(words: ["uhh"], rule: .always),
        Entry(words: ["uhm"], rule: .always),
        Entry(words: ["er"], rule: .always), Entry(words: ["erm"], rule: .always),
        Entry(words: ["ah"], rule: .always), Entry(words: ["ahh"], rule: .always),
        Entry(words: ["hmm"], rule: .always), Entry(words: ["hmmm"], rule: .always),
        Entry(words: ["hm"], rule: .always), Entry(words: ["mm"], rule: .always),
        Entry(words: ["mmm"], rule: .always),
        Entry(words: ["like"], rule: .like),
        Entry(words: ["you", "know"], rule: .discourse),
        Entry(words: ["i", "mean"], rule: .discourse),
        Entry(words: ["basically"], rule: .clauseEdge),
        Entry(words: ["actually"], rule: .clauseEdge),
        Entry(words: ["literally"], rule: .clauseEdge),
        Entry(words: ["sort", "of"], rule: .hedge),
        Entry(words: ["kind", "of"], rule: .hedge),
        Entry(words: ["so"], rule: .clauseStart),
        Entry(words: ["well"], rule: .clauseStart),
        Entry(words: ["right"], rule: .tag),
    ])

    /// A lexicon of exactly these entries; a later entry for the same phrase replaces an earlier one.
    public init(entries: [Entry]) {
        self.entries = []
        for entry in entries { set(entry) }
    }

    /// Adds `entry`, replacing any entry with the same phrase.
    public mutating func set(_ entry: Entry) {
        entries.removeAll { $0.words == entry.words }
        entries.append(entry)
    }

    /// Removes the entry for `words`, if any.
    public mutating func remove(_ words: [String]) {
        let lowered = words.map { $0.lowercased() }
        entries.removeAll { $0.words == lowered }
    }

    /// Reads a lexicon file's text (format above) on top of `base`.
    ///
    /// Returns the lexicon with every valid line applied, and the lines that were not valid (an
    /// unknown rule or a rule with no phrase) so the caller can report the first one as its
    /// error — SavvyCoach has one error enum, owned by the config loader.
    public static func parse(_ text: String, base: FillerLexicon = .standard) -> (lexicon: FillerLexicon, invalidLines: [InvalidLine]) {
        var lexicon = base
        var invalid: [InvalidLine] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let keyword = fields.first else { continue }
            let words = Array(fields.dropFirst())
            guard !words.isEmpty else {
                invalid.append(InvalidLine(line: index + 1, detail: "'\(keyword)' needs a phrase after it"))
                continue
            }
            if keyword.lowercased() == "off" {
                lexicon.remove(words)
            } else if let rule = FillerRule(rawValue: keyword.lowercased()) {
                lexicon.set(Entry(words: words, rule: rule))
            } else {
                let known = (["off"] + FillerRule.allCases.map(\.rawValue)).joined(separator: ", ")
                invalid.append(InvalidLine(line: index + 1, detail: "unknown rule '\(keyword)' (use one of \(known))"))
            }
        }
        return (lexicon, invalid)
    }
}
