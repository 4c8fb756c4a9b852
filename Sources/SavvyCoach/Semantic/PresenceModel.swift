import Foundation

/// Whether an answer has each of a drill's sections at all, judged from the whole answer: a
/// per-section logistic regression whose logit, times `SemanticWeights.presenceWeight`, is added
/// to the decoder's cost of leaving that section out.
///
/// The decoder weighs a section's evidence sentence by sentence against the other labels, so
/// with a fixed skip cost it fills a section the speaker never gave with its neighbour's
/// sentences (an answer missing its Result is reported whole, its last Action as the Result).
/// What the whole answer holds for the section (its best sentence and its total probability
/// under the drill classifier and under the emissions, its best exemplar similarity, a cue)
/// says more: learned on the training answers that miss each section, spoken and transcribed
/// as at run time. Trained by scripts/train-structure.py (`presence_features`, `train_presence`),
/// which this mirrors.
struct PresenceModel {
    /// Per section, coefficients over `features` (bias first).
    let coefficients: [[Double]]

    /// Input names in coefficient order (documentation and tests).
    static let features = ["bias", "drillMax", "drillMass", "exRelMax", "cue", "emissionMax", "emissionMass"]

    /// The model for `drill`, or nil when none was trained for it (user drills) or its shape
    /// does not match the drill.
    init?(drill: Drill) {
        guard let coefficients = SemanticWeights.presence[drill.id], coefficients.count == drill.sections.count,
              coefficients.allSatisfy({ $0.count == Self.features.count })
        else { return nil }
        self.coefficients = coefficients
    }

    /// Per section, the inputs of the presence model (`presence_features` in the script).
    /// - Parameters:
    ///   - evidence: the answer's sentence evidence (its drill-model and exRel features are read).
    ///   - emissions: the emission log-probabilities `[sentence][label]` (sections, then none).
    static func inputs(evidence: SentenceEvidence, emissions: [[Double]]) -> [[Double]] {
        guard let k = evidence.section.first?.count,
              let drill = SentenceEvidence.features.firstIndex(of: "drillModel"),
              let exRel = SentenceEvidence.features.firstIndex(of: "exRel"),
              let cue = SentenceEvidence.features.firstIndex(of: "cue")
        else { return [] }
        return (0..<k).map { s in
            let drillScores = evidence.section.map { $0[s][drill] }
            let emissionScores = emissions.map { $0[s] }
            return [
                1, drillScores.max() ?? 0, Self.logMass(drillScores),
                evidence.section.map { $0[s][exRel] }.max() ?? 0, evidence.section.map { $0[s][cue] }.max() ?? 0,
                emissionScores.max() ?? 0, Self.logMass(emissionScores),
            ]
        }
    }

    /// log(Σ exp(x) + 0.001): the expected number of sentences of a section, floored so a
    /// section with no probability anywhere stays finite.
    static func logMass(_ logProbabilities: [Double]) -> Double {
        log(logProbabilities.reduce(0) { $0 + exp($1) } + 1e-3)
    }

    /// Per section, the logit of P(the section was spoken).
    func logits(evidence: SentenceEvidence, emissions: [[Double]]) -> [Double] {
        let inputs = Self.inputs(evidence: evidence, emissions: emissions)
        return zip(coefficients, inputs).map { weights, row in SentenceEvidence.dot(weights, row) }
    }
}
