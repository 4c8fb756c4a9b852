/// What the semantic tier concluded about one answer.
public struct SemanticJudgment: Sendable, Equatable {
    /// The answer's sentences and, per sentence, the drill section index it was given (nil = none).
    public var sentences: [AnswerSentence]
    public var labels: [Int?]
    /// One span per drill section, in drill order.
    public var spans: [StructureSpan]
    /// Whether the found sections were spoken in the drill's order.
    public var inOrder: Bool
    /// Relevance to the prompt with its reason.
    public var relevance: CriterionScore
    /// Probability that the answer addresses the prompt (the calibrated similarity behind `relevance`).
    public var onTopicProbability: Double
    /// False when the recording does not read like an answer of the drill at all (`AnswerGate`:
    /// conversation, a reading): no section is looked for, and Structure says so.
    public var readsLikeAnswer: Bool

    public init(
        sentences: [AnswerSentence], labels: [Int?], spans: [StructureSpan], inOrder: Bool, relevance: CriterionScore,
        onTopicProbability: Double, readsLikeAnswer: Bool = true
    ) {
        self.sentences = sentences
        self.labels = labels
        self.spans = spans
        self.inOrder = inOrder
        self.relevance = relevance
        self.onTopicProbability = onTopicProbability
        self.readsLikeAnswer = readsLikeAnswer
    }
}
