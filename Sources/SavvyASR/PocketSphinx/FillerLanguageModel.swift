import Foundation

/// A unigram language model of hesitation words, written as ARPA text.
///
/// pocketsphinx's base LM gives "um"/"uh" almost no probability, and its acoustic model has no
/// filler phones, so the decoder rarely picks them. Interpolating this tiny model at a small
/// weight (≈0.001) with the base LM lifts exactly these words and nothing else. The log10
/// probabilities were tuned on espeak clips (`ASR-NOTES.md`): higher values add false hits.
struct FillerLanguageModel: Sendable, Equatable {
    /// Word and log10 probability; every word must be in `cmudict-en-us.dict`.
    var unigrams: [(word: String, log10Probability: Double)]

    static let standard = FillerLanguageModel(unigrams: [
        ("um", -0.5), ("uh", -0.5), ("er", -1.0), ("hmm", -1.3),
    ])

    /// The filler words, for recognising them in the decoder's output.
    var words: Set<String> { Set(unigrams.map(\.word)) }

    /// ARPA text: sentence markers are present (the LM set merges vocabularies), `<s>` can only
    /// start a sentence so it gets the conventional −99.
    var arpa: String {
        var lines = ["\\data\\", "ngram 1=\(unigrams.count + 2)", "", "\\1-grams:"]
        lines.append("-99.0000 <s>")
        lines.append("-1.0000 </s>")
        for entry in unigrams {
            lines.append(String(format: "%.4f", entry.log10Probability) + " " + entry.word)
        }
        lines.append(contentsOf: ["", "\\end\\", ""])
        return lines.joined(separator: "\n")
    }

    static func == (lhs: FillerLanguageModel, rhs: FillerLanguageModel) -> Bool {
        lhs.unigrams.map(\.word) == rhs.unigrams.map(\.word)
            && lhs.unigrams.map(\.log10Probability) == rhs.unigrams.map(\.log10Probability)
    }
}
