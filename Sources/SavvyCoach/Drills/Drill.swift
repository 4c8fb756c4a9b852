/// A practice format: its expected structure, target length and a bank of prompts.
public struct Drill: Sendable, Equatable, Codable {
    /// Stable id used on the command line and in the database, e.g. "star".
    public var id: String
    public var title: String
    /// One line on when to use this drill.
    public var summary: String
    /// The sections a good answer has, in speaking order.
    public var sections: [DrillSection]
    /// The length a good answer usually has; conciseness is scored against it.
    public var target: DurationRange
    /// Questions or topics to answer; built-in ones first, then the user's.
    public var prompts: [String]

    public init(
        id: String, title: String, summary: String, sections: [DrillSection],
        target: DurationRange, prompts: [String]
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.sections = sections
        self.target = target
        self.prompts = prompts
    }

    /// The title as it reads inside a sentence: the first word lower-cased unless it is an
    /// acronym ("STAR interview answer", "elevator pitch", "impromptu talk").
    public var titleInSentence: String {
        guard let first = title.split(separator: " ").first, first.count > 1,
              first != first.uppercased() else { return title }
        return title.prefix(1).lowercased() + title.dropFirst()
    }

    /// ``titleInSentence`` after its indefinite article: "a STAR interview answer", "an elevator pitch".
    public var titleWithArticle: String {
        Plural.article(titleInSentence) + " " + titleInSentence
    }
}
