import SavvySession
import Foundation
import SavvyASR
import SavvyCoach
import SavvyStore

/// Reading a stored session back: the `ID|last` argument and the JSON columns.
enum SessionArgument {
    /// The session `raw` names. `store` is nil when there is no database yet (then every id is
    /// unknown, and nothing was created to find that out).
    static func resolve(_ raw: String, store: SessionStore?, command: String) throws -> StoredSession {
        let id: Int64
        if raw == "last" {
            guard let last = try store?.lastSessionID() else { throw CLIError.noSessions }
            id = last
        } else {
            guard let parsed = Int64(raw), parsed > 0 else {
                throw UsageError("'\(raw)' is not a session id; use a number from 'savvy history' or 'last'", command: command)
            }
            id = parsed
        }
        guard let session = try store?.session(id: id) else { throw CLIError.sessionNotFound(id: id) }
        return session
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, what: String, session: Int64) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw CLIError.unreadableSession(id: session, what: what)
        }
    }

    /// The stored answer as last scored: its metrics, transcript and latest rubric.
    static func answer(_ session: StoredSession, store: SessionStore) throws -> ScoredAnswer {
        let transcript = try decode(Transcript.self, session.transcriptJSON, what: "transcript", session: session.id)
        let metrics = try decode(SpeechMetrics.self, session.metricsJSON, what: "metrics", session: session.id)
        guard let scoring = try store.scorings(sessionID: session.id).last else {
            throw CLIError.unreadableSession(id: session.id, what: "scoring")
        }
        let rubric = try decode(ScoreRubric.self, scoring.rubricJSON, what: "rubric", session: session.id)
        return ScoredAnswer(
            source: ScoredAnswer.Source(path: store.recordingURL(of: session).path, sampleRate: session.sampleRate,
                                        durationSeconds: session.duration),
            transcript: transcript, metrics: metrics, rubric: rubric, engineReason: nil)
    }
}
