import SavvySession
import SavvyASR
import SavvyCoach

/// The `--json` document of a scored answer (`score`, `rescore`, `show`, `practice`), and what
/// `import` reads back.
struct ScoreJSON: Codable {
    struct Source: Codable {
        let path: String
        let sampleRate: Int
        let durationSeconds: Double
        /// SHA-256 of the recording's bytes; absent when the answer came from the store.
        let sha256: String?
    }

    let session: Int64?
    let source: Source
    let transcript: TranscriptJSON
    let metrics: SpeechMetrics
    let rubric: ScoreRubric

    init(_ answer: ScoredAnswer, session: Int64?) {
        self.session = session
        source = Source(path: answer.source.path, sampleRate: answer.source.sampleRate,
                        durationSeconds: answer.source.durationSeconds, sha256: answer.source.sha256)
        transcript = TranscriptJSON(answer.transcript, metrics: answer.metrics)
        metrics = answer.metrics
        rubric = answer.rubric
    }

    /// The answer this document describes, for `import`.
    var answer: ScoredAnswer {
        ScoredAnswer(
            source: ScoredAnswer.Source(path: source.path, sampleRate: source.sampleRate,
                                        durationSeconds: source.durationSeconds, sha256: source.sha256),
            transcript: transcript.transcript, metrics: metrics, rubric: rubric, engineReason: nil)
    }
}
