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

    /// The stored answer of one scoring (the latest unless `number`, 1-based, names another):
    /// its rubric with the transcript and delivery that scoring was made from, never a mix of
    /// two scorings.
    static func answer(_ session: StoredSession, store: SessionStore, scoring number: Int? = nil,
                       command: String = "show") throws -> ScoredAnswer {
        let scorings = try store.scorings(sessionID: session.id)
        let chosen: StoredScoring?
        if let number {
            guard scorings.indices.contains(number - 1) else {
                throw UsageError("session \(session.id) has \(scorings.count) scoring(s); '--scoring' takes 1 to \(scorings.count), got \(number)",
                                 command: command)
            }
            chosen = scorings[number - 1]
        } else {
            chosen = scorings.last
        }
        guard let scoring = chosen else {
            throw CLIError.unreadableSession(id: session.id, what: "scoring")
        }
        let transcript = try decode(Transcript.self, scoring.delivery?.transcriptJSON ?? session.transcriptJSON,
                                    what: "transcript", session: session.id)
        let metrics = try decode(SpeechMetrics.self, scoring.delivery?.metricsJSON ?? session.metricsJSON,
                                 what: "metrics", session: session.id)
        let rubric = try decode(ScoreRubric.self, scoring.rubricJSON, what: "rubric", session: session.id)
        return ScoredAnswer(
            source: ScoredAnswer.Source(path: store.recordingURL(of: session).path, sampleRate: session.sampleRate,
                                        durationSeconds: session.duration),
            transcript: transcript, metrics: metrics, rubric: rubric, engineReason: nil)
    }
}
