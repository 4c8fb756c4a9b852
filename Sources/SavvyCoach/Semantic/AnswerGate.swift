import Foundation

/// Whether a recording reads like an answer of the drill at all, judged before any section is
/// looked for.
///
/// The structure decoder's evidence is relative to the answer's own sentences (a section is
/// found where it stands out, whatever the speaker's topic), so anything with sentences gets
/// sections: AMI meeting chatter was told "all sections present, in order and in proportion"
/// (Structure 5/5) and a LibriVox reading of a novel, under a STAR prompt in the user's own words,
/// got Relevance 4. The gate looks at the recording in absolute terms, from what every answer of
/// the drill shares and conversation or a reading lacks: how much its sentences read like the
/// drill's exemplar sentences (``SemanticScorer/drillLikeness(_:exemplars:)``), how well the best
/// candidate sentence for each section reads like that section, and whose story it is — the
/// shares of first-, second- and third-person words (an answer is the speaker's own;
/// conversation addresses someone; narration tells of others).
///
/// A per-drill logistic learned by scripts/train-answer-gate.py (``AnswerGateWeights``) on the
/// dev set's transcribed answers of every variant against written non-answers (conversation,
/// things read aloud or broadcast). It acts only below a cut a margin under the least
/// answer-like training answer: telling a speaker that a real answer is no answer is far worse
/// advice than judging chatter as an answer. User drills, whose exemplars the weights never
/// saw, have no gate.
struct AnswerGate {
    /// The inputs, in the weights' order (`FEATURES` in the script); "mean" stands for one input
    /// per dimension of the sentences' mean embedding at unit length.
    static let features = ["like", "sections", "first", "second", "third", "mean"]
    static let firstPerson: Set<String> = [
        "i", "me", "my", "mine", "myself", "im", "ive", "id", "we", "us", "our", "ours", "ourselves", "weve",
    ]
    static let secondPerson: Set<String> = [
        "you", "your", "yours", "yourself", "yourselves", "youre", "youve", "youd", "youll",
    ]
    static let thirdPerson: Set<String> = [
        "he", "she", "him", "her", "his", "hers", "himself", "herself", "they", "them", "their", "theirs",
        "themselves", "hes", "shes", "theyre", "theyve",
    ]

    let coefficients: [Double]
    let cut: Double

    /// The gate of a built-in drill, or nil for a drill without learned weights.
    init?(drill: Drill) {
        guard AnswerGateWeights.features == Self.features,
              let coefficients = AnswerGateWeights.logistic[drill.id], coefficients.count > Self.features.count,
              let cut = AnswerGateWeights.cut[drill.id] else { return nil }
        self.init(coefficients: coefficients, cut: cut)
    }

    init(coefficients: [Double], cut: Double) {
        self.coefficients = coefficients
        self.cut = cut
    }

    /// The inputs for an answer's sentences (`features` in the script): the drill likeness, the
    /// mean over sections of the best sentence's mean cosine to that section's exemplars, the
    /// shares of first-, second- and third-person words among the sentences' tokens, and the
    /// sentences' mean embedding scaled to unit length (what the recording is as a whole: a
    /// story of the speaker's own work, or conversation, a recipe, a novel).
    static func inputs(sentences: [[Double]], texts: [String], exemplars: [[[Double]]]) -> [Double] {
        let everything = exemplars.flatMap { $0 }
        let like = SemanticScorer.drillLikeness(sentences, exemplars: everything)
        let sectionBest = exemplars.filter { !$0.isEmpty }.map { section in
            sentences.map { SentenceEvidence.exemplarSimilarity($0, section) }.max() ?? 0
        }
        let sections = sectionBest.isEmpty ? 0 : sectionBest.reduce(0, +) / Double(sectionBest.count)
        let words = texts.flatMap(TextNormalizer.tokens)
        let total = Double(max(words.count, 1))
        func share(_ group: Set<String>) -> Double { Double(words.filter(group.contains).count) / total }
        return [like, sections, share(firstPerson), share(secondPerson), share(thirdPerson)]
            + SemanticScorer.unit(SemanticScorer.mean(sentences))
    }

    /// Log-odds that the recording is an answer of the drill; nil when `inputs` are not of the
    /// weights' length (an encoder of another width).
    func logOdds(_ inputs: [Double]) -> Double? {
        guard inputs.count + 1 == coefficients.count else { return nil }
        return zip(coefficients, inputs).reduce(coefficients[inputs.count]) { $0 + $1.0 * $1.1 }
    }

    /// Whether the recording reads like an answer: false only below the drill's cut (and never
    /// for inputs the weights do not fit).
    func readsLikeAnswer(_ inputs: [Double]) -> Bool {
        logOdds(inputs).map { $0 >= cut } ?? true
    }
}
