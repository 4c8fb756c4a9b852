import SavvyASR
import SavvyCoach

/// The `transcript` object of the `--json` document: the stored transcript's fields plus its
/// sentences and display text, so scripts get the engine's punctuation and sentence breaks
/// without re-deriving them. `import` reads it back; sentences and display text are derived, so
/// they are optional there.
struct TranscriptJSON: Codable {
    let engine: String
    let model: String
    let words: [TranscriptWord]
    let verbatimPass: [TranscriptWord]?
    /// Coverage, unrecognised stretches, loops and the trust verdict.
    let check: TranscriptCheck?
    let sentences: [TranscriptSentence]?
    /// The sentences' text joined by spaces.
    let displayText: String?

    init(_ transcript: Transcript, metrics: SpeechMetrics) {
        engine = transcript.engine
        model = transcript.model
        words = transcript.words
        verbatimPass = transcript.verbatimPass
        check = transcript.check
        let sentences = transcript.sentences(pauses: metrics.pauses.items.map { ($0.start, $0.end) })
        self.sentences = sentences
        displayText = sentences.map(\.text).joined(separator: " ")
    }

    /// The stored transcript these fields came from.
    var transcript: Transcript {
        Transcript(words: words, engine: engine, model: model, verbatimPass: verbatimPass, check: check)
    }
}
