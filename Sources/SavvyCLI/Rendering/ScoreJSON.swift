import SavvySession
import SavvyASR
import SavvyCoach

/// The `--json` document of a scored answer (`score`, `rescore`, `show`, `practice`).
struct ScoreJSON: Encodable {
    struct Source: Encodable {
        let path: String
        let sampleRate: Int
        let durationSeconds: Double
    }

    let session: Int64?
    let source: Source
    let transcript: Transcript
    let metrics: SpeechMetrics
    let rubric: ScoreRubric

    init(_ answer: ScoredAnswer, session: Int64?) {
        self.session = session
        source = Source(path: answer.source.path, sampleRate: answer.source.sampleRate,
                        durationSeconds: answer.source.durationSeconds)
        transcript = answer.transcript
        metrics = answer.metrics
        rubric = answer.rubric
    }
}
