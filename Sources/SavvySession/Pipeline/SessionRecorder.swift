import Foundation
import SavvyCoach
import SavvyStore

/// Saves scored answers as sessions and scorings, in the shape `rescore` and `history` read.
public enum SessionRecorder {
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(try StableJSON.encode(value).utf8)
    }

    public static func newScoring(_ rubric: ScoreRubric, at date: Date) throws -> NewScoring {
        // The content tier of record is the one that judged structure (the router may use a
        // different one for coaching prose; both are in the provenance JSON).
        let main = rubric.provenance.outcome(for: .structureExtraction) ?? rubric.provenance.outcomes.first
        let notes = rubric.provenance.outcomes.flatMap { outcome in
            outcome.degraded.map { "\(outcome.workload.rawValue): \($0.tier.rawValue) \($0.reason.rawValue)" }
        }
        return NewScoring(
            createdAt: date, tier: main?.tier.rawValue ?? ScoringTier.heuristic.rawValue, model: main?.model,
            rubricVersion: rubric.provenance.rubricVersion, overall: rubric.overall,
            rubricJSON: try encode(rubric), routerJSON: try encode(rubric.provenance),
            degradedReason: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// The session and first-scoring rows of `answer`, its recording to be copied from `audio`
    /// (read from `readPath` instead when given: a snapshot of it).
    public static func rows(_ answer: ScoredAnswer, audio: URL, readPath: String? = nil,
                            at date: Date) throws -> (NewSession, NewScoring) {
        let m = answer.metrics
        var session = NewSession(
            createdAt: date, drill: answer.rubric.drillID, prompt: answer.rubric.prompt,
            audioSource: audio,
            duration: m.durationSeconds, sampleRate: answer.source.sampleRate,
            transcriptJSON: try encode(answer.transcript), asrEngine: answer.transcript.engine,
            asrModel: answer.transcript.model, metricsJSON: try encode(m), metricsVersion: m.metricsVersion,
            lexiconVersion: m.lexiconVersion, wpm: m.pace.wpm, fillersPerMinute: answer.judgedFillersPerMinute,
            pitchSD: m.pitch?.sdSemitones, cpps: m.voice?.cppsDB)
        session.audioReadPath = readPath
        return (session, try newScoring(answer.rubric, at: date))
    }

    /// Copies the snapshot's bytes (the ones that were scored) into the vault and writes the
    /// session with its first scoring.
    public static func save(_ answer: ScoredAnswer, snapshot: InputSnapshot, store: SessionStore,
                            at date: Date = Date()) throws -> Int64 {
        let (session, scoring) = try rows(answer, audio: URL(fileURLWithPath: snapshot.sourcePath),
                                          readPath: snapshot.readPath, at: date)
        return try store.insertSession(session, scoring: scoring)
    }
}
