import SavvyASR
import SavvyCoach

/// The `transcript` object of the `--json` document: the stored transcript's fields plus its
/// sentences and display text, so scripts get the engine's punctuation and sentence breaks
/// without re-deriving them. Decodes as a `Transcript` (the extra keys are ignored).
struct TranscriptJSON: Encodable {
    let engine: String
    let model: String
    let words: [TranscriptWord]
    let verbatimPass: [TranscriptWord]?
    let sentences: [TranscriptSentence]
    /// The sentences' text joined by spaces.
    let displayText: String

    init(_ transcript: Transcript, metrics: SpeechMetrics) {
        engine = transcript.engine
        model = transcript.model
        words = transcript.words
        verbatimPass = transcript.verbatimPass
        sentences = transcript.sentences(pauses: metrics.pauses.items.map { ($0.start, $0.end) })
        displayText = sentences.map(\.text).joined(separator: " ")
    }
}
