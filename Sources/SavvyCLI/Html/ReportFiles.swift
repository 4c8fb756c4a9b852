import Foundation
import SavvyAudio
import SavvyDSP
import SavvySession
import SavvyStore
import SavvyFileSystem

/// Where HTML pages go and how they are read from the store: the reports folder beside the
/// database, one file per session, and the atomic write shared by `report`, `progress` and
/// `score`/`practice --report`.
enum ReportFiles {
    /// `<data>/reports`, beside `savvy.db` and `recordings/`.
    static func directory(_ store: SessionStore) -> URL {
        store.location.databaseURL.deletingLastPathComponent().appendingPathComponent("reports", isDirectory: true)
    }

    /// The default file of session `id`'s report; `progress` links here.
    static func sessionReport(_ store: SessionStore, id: Int64) -> URL {
        directory(store).appendingPathComponent("session-\(id).html")
    }

    /// Reads everything a session's report shows. The recording is verified and analysed again
    /// for its frame tracks (CPPS off: the timeline does not draw it, and it is the slow part);
    /// when it is missing or changed the page is still written, without loudness and pitch.
    static func input(for session: StoredSession, store: SessionStore) throws -> SessionReportInput {
        let answer = try SessionArgument.answer(session, store: store)
        let scorings = try store.scorings(sessionID: session.id)
        var tracks: FrameTracks?
        var note: String?
        do {
            let url = try store.verifyRecording(of: session)
            var configuration = DeliveryConfiguration()
            configuration.computeCPPS = false
            tracks = try RecordingAnalysis.run(readPath: url.path, configuration: configuration, environment: [:]).analysis.tracks
        } catch {
            note = "loudness and pitch are not drawn: " + ((error as? any LocalizedError)?.errorDescription ?? "\(error)")
        }
        return SessionReportInput(session: session, answer: answer, scoringCount: scorings.count, tracks: tracks, tracksNote: note)
    }

    /// Writes stored session `id`'s page to `path` for `score`/`practice --report` and returns
    /// the path written (they print it with their own output; `-` is refused before scoring).
    static func writeSessionReport(id: Int64, store: SessionStore, to path: String, stdout: any OutputSink) throws -> String {
        guard let session = try store.session(id: id) else { throw CLIError.sessionNotFound(id: id) }
        let html = SessionReportPage(input: try input(for: session, store: store)).render()
        try OutputFile.write(html, to: path, stdout: stdout)
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Writes `html` to `path` (`-` = stdout) and prints where it went. Written like every file
    /// savvy makes (`OutputFile`): whole or not at all, never over a link or a device. The
    /// default folder is made when missing; a folder the user names must exist.
    static func deliver(_ html: String, to path: String?, defaultPath: URL, context: CommandContext) throws {
        let target = path ?? defaultPath.path
        if path == nil {
            let folder = defaultPath.deletingLastPathComponent().path
            do throws(RawPath.Errno) {
                try RawPath.makeDirectories(folder)
            } catch {
                throw CLIError.cannotWrite(path: target, reason: "cannot create the folder '\(folder)': \(DataLocation.describe(errno: error.code))")
            }
        }
        try OutputFile.write(html, to: target, stdout: context.stdout)
        if target != OutputFile.standardOutput {
            context.stdout.write(URL(fileURLWithPath: target).standardizedFileURL.path + "\n")
        }
    }
}
