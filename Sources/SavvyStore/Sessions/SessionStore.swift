@preconcurrency import Glibc
import Foundation
import SavvyFileSystem

/// The sessions database and recordings folder: the API the CLI uses.
///
/// Opening creates the data directories, opens the database, migrates it to the current schema,
/// and sweeps recordings left by a crash (`removeOrphanRecordings`); `existing(location:)` opens
/// without creating or sweeping anything. Every write is one transaction; a session row is written only after its audio is
/// durably in `recordings/`, and a failed write removes the audio it copied, so a crash or a full
/// disk leaves either the whole session or nothing.
///
/// Thread safety: one store may be shared between threads (calls are serialised by a lock). Two
/// stores on the same file — in one process or two — coordinate through SQLite's locks: writers
/// wait up to the busy timeout, then fail with `StoreError.locked`.
public final class SessionStore: @unchecked Sendable {
    /// Where the database and recordings live.
    public let location: DataLocation
    /// The recordings folder.
    public let vault: RecordingVault
    // Guards `connection`, which is opened NOMUTEX; @unchecked Sendable rests on this lock.
    private let lock = NSLock()
    let connection: Connection

    /// Opens (creating and migrating as needed) the store at `location`.
    ///
    /// - Parameter busyTimeout: how long a write waits for another writer, in seconds.
    /// - Throws: `StoreError` — `.cannotCreateDirectory`, `.corrupt` for a file that is not a
    ///   savvy database, `.schemaTooNew`, `.locked`, `.readOnly`, `.diskFull`.
    public convenience init(location: DataLocation, busyTimeout: TimeInterval = 5) throws {
        try location.createDirectories()
        try self.init(opening: location, busyTimeout: busyTimeout, create: true)
        vault.removeStaleTemporaryFiles(olderThan: SessionStore.staleTemporaryAge, now: Date())
        sweptOnOpen = try removeOrphanRecordings(now: Date())
    }

    /// Opens the store at `location` only if its database exists; creates nothing, sweeps
    /// nothing (for commands that only read: `history`, `show`).
    ///
    /// - Returns: nil when there is no database file yet.
    public static func existing(location: DataLocation, busyTimeout: TimeInterval = 5) throws -> SessionStore? {
        var info = stat()
        guard RawPath.withCString(location.databaseURL.path, { stat($0, &info) }) == 0 else {
            if errno == ENOENT { return nil }
            throw StoreError.cannotOpen(path: location.databaseURL.path, reason: DataLocation.describe(errno: errno))
        }
        do {
            return try SessionStore(opening: location, busyTimeout: busyTimeout, create: false)
        } catch StoreError.cannotOpen(_, let reason) where reason == DataLocation.describe(errno: ENOENT) {
            return nil  // removed between the stat and the open
        }
    }

    private init(opening location: DataLocation, busyTimeout: TimeInterval, create: Bool) throws {
        self.location = location
        vault = RecordingVault(location: location)
        connection = try Self.openMigrated(location.databaseURL.path, busyTimeout: busyTimeout, create: create)
    }

    /// What the orphan sweep of this open removed (`savvy doctor` reports it).
    public private(set) var sweptOnOpen = OrphanSweep()

    /// Opens and migrates, retrying while another process is creating the same file.
    ///
    /// SQLite's busy handler does not cover every step of a brand-new database's first open: two
    /// processes switching a fresh file to WAL, or one reading the header while the other's first
    /// migration commits, can get SQLITE_BUSY at once. A first open therefore retries with short
    /// sleeps up to the busy timeout (two `savvy score` runs started together on a new data
    /// folder both succeed).
    private static func openMigrated(_ path: String, busyTimeout: TimeInterval, create: Bool) throws -> Connection {
        let deadline = Date().addingTimeInterval(busyTimeout)
        var pause = 0.01
        while true {
            do {
                let connection = try Connection(path: path, busyTimeout: busyTimeout, create: create)
                try Migrator.savvy.migrate(connection)
                return connection
            } catch let error as StoreError {
                guard case .locked = error, Date().addingTimeInterval(pause) < deadline else { throw error }
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 0.2)
            }
        }
    }

    /// Age in seconds after which an unfinished recording copy is treated as abandoned by a crash.
    /// A live copy writes continuously, so its modification time stays fresh; an hour without a
    /// write is far longer than any pause in a copy.
    static let staleTemporaryAge: TimeInterval = 60 * 60

    /// Age in seconds after which a recording no session refers to is an orphan (a crash between
    /// its rename into `recordings/` and the commit of its session). A younger one may belong to
    /// an insert that is about to commit; see `removeOrphanRecordings`.
    public static let orphanGraceAge: TimeInterval = 10 * 60

    /// The schema version this build writes.
    public static var schemaVersion: Int { Migrator.savvy.latestVersion }

    /// Runs `body` on the connection under the store's lock (for the store's extensions).
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try lock.withLock { try body(connection) }
    }

    // MARK: Sessions

    /// Copies the session's audio into `recordings/`, then saves the session and, if given, its
    /// first scoring in one transaction.
    ///
    /// - Returns: the new session's id.
    /// - Throws: `StoreError`; on any failure nothing is saved and an audio file this call copied
    ///   is removed again.
    @discardableResult
    public func insertSession(_ session: NewSession, scoring: NewScoring? = nil) throws -> Int64 {
        try lock.withLock {
            let imported = try vault.importFile(at: session.audioSource, readingFrom: session.audioReadPath)
            do {
                return try connection.transaction(action: "saving a session") {
                    // The orphan sweep removes files only under this same write lock, so a file
                    // present now stays until the commit (see `removeOrphanRecordings`).
                    try requireStoredCopy(imported, of: session)
                    try connection.prepare(SessionStore.insertSessionSQL, action: "saving a session")
                        .execute(insertValues(session, imported: imported))
                    let id = connection.lastInsertRowID
                    if let scoring {
                        try insert(scoring, sessionID: id)
                    }
                    return id
                }
            } catch {
                if imported.created { removeUnreferenced(imported.relativePath) }
                throw error
            }
        }
    }

    /// Like `insertSession`, but a recording whose SHA-256 is already in a session is not saved
    /// again: the check and the insert are one transaction, so parallel imports of the same
    /// result cannot both add it (what `savvy import` relies on to be idempotent).
    ///
    /// - Parameter expectedSHA256: when given, the audio must have this hash (the one the
    ///   result was scored from); otherwise nothing is saved.
    /// - Returns: the session's id and whether this call added it.
    /// - Throws: `StoreError.recordingChanged` for the wrong audio, or as `insertSession`.
    public func insertSessionUnlessStored(
        _ session: NewSession, scoring: NewScoring? = nil, expectedSHA256: String? = nil
    ) throws -> (id: Int64, inserted: Bool) {
        try lock.withLock {
            let imported = try vault.importFile(at: session.audioSource, readingFrom: session.audioReadPath)
            do {
                if let expectedSHA256, expectedSHA256.lowercased() != imported.sha256 {
                    throw StoreError.recordingChanged(
                        path: session.audioSource.path, expected: expectedSHA256.lowercased(), found: imported.sha256)
                }
                let outcome = try connection.transaction(action: "importing a session") { () -> (id: Int64, inserted: Bool) in
                    if let existing = try sessionIDsLocked(audioSHA256: imported.sha256).first { return (existing, false) }
                    try requireStoredCopy(imported, of: session)
                    try connection.prepare(SessionStore.insertSessionSQL, action: "importing a session")
                        .execute(insertValues(session, imported: imported))
                    let id = connection.lastInsertRowID
                    if let scoring { try insert(scoring, sessionID: id) }
                    return (id, true)
                }
                if !outcome.inserted, imported.created { removeUnreferenced(imported.relativePath) }
                return outcome
            } catch {
                if imported.created { removeUnreferenced(imported.relativePath) }
                throw error
            }
        }
    }

    /// Adds a scoring to an existing session (used by `rescore`).
    ///
    /// The new scoring becomes the latest, and the session's report and history row always come
    /// from the latest scoring; so when it was judged against another drill or prompt
    /// (`rescore --drill/--prompt`), the session's `drill` and `prompt` become those, in the same
    /// transaction. An earlier scoring keeps its own drill and prompt in its rubric.
    ///
    /// - Parameters:
    ///   - drill: the drill id the scoring judged against; nil keeps the session's.
    ///   - prompt: the prompt the scoring judged against; nil keeps the session's.
    /// - Returns: the scoring's id.
    /// - Throws: `StoreError.sessionNotFound` when the session does not exist.
    @discardableResult
    public func addScoring(sessionID: Int64, _ scoring: NewScoring, drill: String? = nil, prompt: String? = nil) throws -> Int64 {
        try lock.withLock {
            try connection.transaction(action: "saving a scoring") {
                let exists = try connection.prepare("SELECT 1 FROM sessions WHERE id = ?", action: "saving a scoring")
                try exists.bind([.integer(sessionID)])
                guard try exists.step() else { throw StoreError.sessionNotFound(id: sessionID) }
                try insert(scoring, sessionID: sessionID)
                let scoringID = connection.lastInsertRowID
                if drill != nil || prompt != nil {
                    try connection.prepare(
                        "UPDATE sessions SET drill = coalesce(?, drill), prompt = coalesce(?, prompt) WHERE id = ?",
                        action: "saving a scoring"
                    ).execute([.text(drill), .text(prompt), .integer(sessionID)])
                }
                return scoringID
            }
        }
    }

    /// The session with `id`, or nil.
    public func session(id: Int64) throws -> StoredSession? {
        try lock.withLock {
            let statement = try connection.prepare(
                "SELECT \(SessionStore.sessionColumns) FROM sessions WHERE id = ?", action: "reading a session")
            try statement.bind([.integer(id)])
            guard try statement.step() else { return nil }
            return try decodeSession(statement)
        }
    }

    /// Ids of the sessions whose recording has the SHA-256 `sha256` (lower-case hex), oldest first.
    ///
    /// Stored names start with the hash's first 16 hex digits, so the `audio_path` index finds
    /// the candidates without reading every row.
    public func sessionIDs(audioSHA256 sha256: String) throws -> [Int64] {
        try lock.withLock { try sessionIDsLocked(audioSHA256: sha256) }
    }

    /// `sessionIDs(audioSHA256:)` for a caller already holding `lock` (the import transaction).
    private func sessionIDsLocked(audioSHA256 sha256: String) throws -> [Int64] {
        let prefix = DataLocation.recordingsDirectoryName + "/" + String(sha256.prefix(RecordingVault.hashPrefixLength))
        let statement = try connection.prepare(
            """
            SELECT id FROM sessions INDEXED BY sessions_by_audio
            WHERE audio_path >= ? AND audio_path < ? AND audio_sha256 = ? ORDER BY id
            """, action: "reading sessions")
        // '-' (0x2D) follows the prefix in every stored name; '.' (0x2E) is the next byte up.
        try statement.bind([.text(prefix + "-"), .text(prefix + "."), .text(sha256)])
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(0)) }
        return ids
    }

    /// The id of the most recent session (by time, then id), or nil when there are none.
    public func lastSessionID() throws -> Int64? {
        try lock.withLock {
            let statement = try connection.prepare(
                "SELECT id FROM sessions ORDER BY created_at DESC, id DESC LIMIT 1", action: "reading history")
            return try statement.step() ? statement.int64(0) : nil
        }
    }

    /// Sessions newest first, each with its latest scoring's overall score and tier.
    ///
    /// - Parameters:
    ///   - drill: only this drill, when given.
    ///   - since: only sessions at or after this instant, when given.
    ///   - limit: at most this many rows, when given.
    public func history(drill: String? = nil, since: Date? = nil, limit: Int? = nil) throws -> [HistoryRow] {
        var rows: [HistoryRow] = []
        try forEachHistoryRow(drill: drill, since: since, limit: limit) { row in
            rows.append(row)
            return true
        }
        return rows
    }

    /// The rows of `history(drill:since:limit:)` in the same order, each handed to `body` as
    /// SQLite steps to it, so a caller that writes rows out (`history --json`) never holds them
    /// all. `body` returns false to stop early (the reader went away); it runs under the store's
    /// lock and must not call back into the store; what it throws is rethrown. A row that fails
    /// to decode stops the read after the rows before it were handed on.
    public func forEachHistoryRow(
        drill: String? = nil, since: Date? = nil, limit: Int? = nil, _ body: (HistoryRow) throws -> Bool
    ) throws {
        try lock.withLock {
            var (filter, values) = historyFilter(drill: drill, since: since)
            values.append(.integer(Int64(limit.map { max(0, $0) } ?? -1)))
            let statement = try connection.prepare(
                """
                SELECT s.id, s.created_at, s.drill, s.source_name, s.duration,
                       CASE WHEN latest.own_delivery = 1 THEN latest.wpm ELSE s.wpm END,
                       CASE WHEN latest.own_delivery = 1 THEN latest.fillers_per_min ELSE s.fillers_per_min END,
                       CASE WHEN latest.own_delivery = 1 THEN latest.pitch_sd ELSE s.pitch_sd END,
                       CASE WHEN latest.own_delivery = 1 THEN latest.cpps ELSE s.cpps END,
                       latest.overall, latest.tier
                FROM sessions s
                LEFT JOIN scorings latest INDEXED BY scorings_latest_delivery
                    ON latest.session_id = s.id
                    AND latest.id = (SELECT MAX(id) FROM scorings WHERE session_id = s.id)
                \(filter)
                ORDER BY s.created_at DESC, s.id DESC
                LIMIT ?
                """, action: "reading history")
            try statement.bind(values)
            while try statement.step() {
                let id = statement.int64(0)
                let more = try body(
                    HistoryRow(
                        id: id, createdAt: try date(statement.text(1), table: "sessions", id: id),
                        drill: statement.text(2), sourceName: statement.text(3), duration: statement.double(4),
                        wpm: statement.optionalDouble(5), fillersPerMinute: statement.optionalDouble(6),
                        pitchSD: statement.optionalDouble(7), cpps: statement.optionalDouble(8),
                        overall: statement.optionalDouble(9), tier: statement.optionalText(10)))
                if !more { return }
            }
        }
    }

    /// How many sessions `history(drill:since:)` would list without a limit: a count over the
    /// history index, so `history` can show the latest rows and say how many more there are
    /// without reading them all.
    public func historyCount(drill: String? = nil, since: Date? = nil) throws -> Int {
        try lock.withLock {
            let (filter, values) = historyFilter(drill: drill, since: since)
            let statement = try connection.prepare("SELECT count(*) FROM sessions s \(filter)", action: "counting sessions")
            try statement.bind(values)
            return try statement.step() ? Int(statement.int64(0)) : 0
        }
    }

    /// The WHERE clause and its values for history's filters. Filters are added only when
    /// present (rather than `? IS NULL OR …`) so SQLite can use the (drill, created_at) and
    /// (created_at) indexes.
    private func historyFilter(drill: String?, since: Date?) -> (clause: String, values: [SQLValue]) {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let drill {
            conditions.append("s.drill = ?")
            values.append(.text(drill))
        }
        if let since {
            conditions.append("s.created_at >= ?")
            values.append(.text(Timestamp.string(from: since)))
        }
        return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), values)
    }

    /// All scorings of a session, oldest first.
    public func scorings(sessionID: Int64) throws -> [StoredScoring] {
        try lock.withLock {
            let statement = try connection.prepare(
                """
                SELECT id, session_id, created_at, tier, model, rubric_version, overall, rubric_json, router_json,
                       degraded_reason, own_delivery, transcript_json, asr_engine, asr_model, metrics_json,
                       metrics_version, lexicon_version, wpm, fillers_per_min, pitch_sd, cpps
                FROM scorings WHERE session_id = ? ORDER BY id
                """, action: "reading scorings")
            try statement.bind([.integer(sessionID)])
            var result: [StoredScoring] = []
            while try statement.step() {
                let id = statement.int64(0)
                result.append(
                    StoredScoring(
                        id: id, sessionID: statement.int64(1),
                        createdAt: try date(statement.text(2), table: "scorings", id: id), tier: statement.text(3),
                        model: statement.optionalText(4), rubricVersion: statement.text(5),
                        overall: statement.optionalDouble(6), rubricJSON: statement.blob(7),
                        routerJSON: statement.blob(8), degradedReason: statement.optionalText(9),
                        delivery: statement.int64(10) == 1
                            ? ScoringDelivery(
                                transcriptJSON: statement.blob(11), asrEngine: statement.text(12), asrModel: statement.text(13),
                                metricsJSON: statement.blob(14), metricsVersion: Int(statement.int64(15)),
                                lexiconVersion: statement.optionalText(16), wpm: statement.optionalDouble(17),
                                fillersPerMinute: statement.optionalDouble(18), pitchSD: statement.optionalDouble(19),
                                cpps: statement.optionalDouble(20))
                            : nil))
            }
            return result
        }
    }

    /// Deletes a session, its scorings, and — once the deletion is committed — its recording,
    /// unless another session shares the same audio.
    ///
    /// - Throws: `StoreError.sessionNotFound`; `StoreError.cannotRemoveRecording` when the row is
    ///   gone but the file could not be unlinked.
    public func deleteSession(id: Int64) throws {
        try lock.withLock {
            let orphan: String? = try connection.transaction(action: "deleting a session") {
                let find = try connection.prepare("SELECT audio_path FROM sessions WHERE id = ?", action: "deleting a session")
                try find.bind([.integer(id)])
                guard try find.step() else { throw StoreError.sessionNotFound(id: id) }
                let path = find.text(0)
                try connection.prepare("DELETE FROM sessions WHERE id = ?", action: "deleting a session")
                    .execute([.integer(id)])
                return try isReferenced(path) ? nil : path
            }
            // The file goes only after the commit: a rollback must never find its audio missing.
            if let orphan {
                do throws(POSIXFailure) {
                    try vault.remove(relativePath: orphan)
                } catch {
                    throw StoreError.cannotRemoveRecording(path: vault.url(for: orphan).path, reason: error.reason)
                }
            }
        }
    }

    /// The absolute URL of a session's recording.
    public func recordingURL(of session: StoredSession) -> URL {
        vault.url(for: session.audioPath)
    }

    /// Checks that a session's recording is present and unchanged (what `rescore` needs).
    ///
    /// - Returns: the recording's URL.
    /// - Throws: `StoreError.recordingMissing` or `StoreError.recordingChanged`.
    @discardableResult
    public func verifyRecording(of session: StoredSession) throws -> URL {
        try vault.verify(relativePath: session.audioPath, sha256: session.audioSHA256)
    }

    // MARK: LLM cache

    /// The cached response for `key`, or nil.
    public func cachedResponse(key: String) throws -> Data? {
        try lock.withLock {
            let statement = try connection.prepare(
                "SELECT response FROM llm_cache WHERE key = ?", action: "reading the llm cache")
            try statement.bind([.text(key)])
            return try statement.step() ? statement.blob(0) : nil
        }
    }

    /// Stores (or replaces) the response for `key`.
    ///
    /// - Parameter createdAt: when the response was received; kept for pruning, never scored.
    public func storeResponse(key: String, model: String, response: Data, createdAt: Date = Date()) throws {
        try lock.withLock {
            try connection.transaction(action: "writing the llm cache") {
                try connection.prepare(
                    "INSERT OR REPLACE INTO llm_cache (key, created_at, model, response) VALUES (?, ?, ?, ?)",
                    action: "writing the llm cache"
                ).execute([.text(key), .text(Timestamp.string(from: createdAt)), .text(model), .blob(response)])
            }
        }
    }

    // MARK: Health

    /// Removes recordings that no session refers to and that are older than `orphanGraceAge`.
    ///
    /// Safe with concurrent writers: the files are listed without a lock, but each one is checked
    /// against the sessions table and removed inside a write transaction, and `insertSession`
    /// checks its file is present inside its own write transaction before committing. A file an
    /// insert has just renamed into place is young (its copy's last write was moments ago) and a
    /// reused identical file has its time refreshed by the import, so neither is swept before
    /// its session commits.
    ///
    /// - Returns: what was removed, and how many unreferenced files were left for being young.
    @discardableResult
    public func removeOrphanRecordings(now: Date = Date(), graceAge: TimeInterval = SessionStore.orphanGraceAge) throws -> OrphanSweep {
        let files = vault.storedFiles()
        guard !files.isEmpty else { return OrphanSweep() }
        return try lock.withLock {
            var referenced = Set<String>()
            let statement = try connection.prepare("SELECT DISTINCT audio_path FROM sessions", action: "checking recordings")
            while try statement.step() { referenced.insert(statement.text(0)) }
            let unreferenced = files.filter { !referenced.contains($0.relativePath) }
            let old = unreferenced.filter { now.timeIntervalSince($0.modified) > graceAge }
            var sweep = OrphanSweep(removed: 0, bytes: 0, young: unreferenced.count - old.count)
            guard !old.isEmpty else { return sweep }
            try connection.transaction(action: "removing orphaned recordings") {
                for file in old where try !isReferenced(file.relativePath) {
                    // Read again under the lock: an import may have just reused (and touched) it.
                    guard let current = vault.storedFile(relativePath: file.relativePath),
                          now.timeIntervalSince(current.modified) > graceAge else {
                        sweep.young += 1
                        continue
                    }
                    if (try? vault.remove(relativePath: file.relativePath)) != nil {
                        sweep.removed += 1
                        sweep.bytes += current.bytes
                    }
                }
            }
            return sweep
        }
    }

    /// Problems SQLite's `PRAGMA integrity_check` reports; empty when the database is sound
    /// (for `savvy doctor`).
    public func integrityProblems() throws -> [String] {
        try lock.withLock {
            let statement = try connection.prepare("PRAGMA integrity_check", action: "checking the database")
            var lines: [String] = []
            while try statement.step() {
                lines.append(statement.text(0))
            }
            return lines == ["ok"] ? [] : lines
        }
    }

    // MARK: Private

    /// Fails when the orphan sweep of another process removed the recording between the copy and
    /// this transaction (it only sweeps under the write lock this transaction now holds).
    private func requireStoredCopy(_ imported: RecordingVault.Imported, of session: NewSession) throws {
        guard vault.exists(relativePath: imported.relativePath) else {
            throw StoreError.cannotStoreRecording(
                source: session.audioSource.path, reason: "its stored copy was removed while saving; try again")
        }
    }

    /// The `insertSessionSQL` parameters for `session` with its recording already in the vault.
    private func insertValues(_ session: NewSession, imported: RecordingVault.Imported) -> [SQLValue] {
        [
            .text(Timestamp.string(from: session.createdAt)), .text(session.drill), .text(session.prompt),
            .text(imported.relativePath), .text(imported.sha256), .integer(imported.bytes),
            .real(session.duration), .integer(Int64(session.sampleRate)),
            .text(session.audioSource.lastPathComponent), .blob(session.transcriptJSON),
            .text(session.asrEngine), .text(session.asrModel), .blob(session.metricsJSON),
            .integer(Int64(session.metricsVersion)), .text(session.lexiconVersion), .real(session.wpm),
            .real(session.fillersPerMinute), .real(session.pitchSD), .real(session.cpps),
        ]
    }

    private static let insertSessionSQL = """
        INSERT INTO sessions (created_at, drill, prompt, audio_path, audio_sha256, audio_bytes, duration,
            sample_rate, source_name, transcript_json, asr_engine, asr_model, metrics_json, metrics_version,
            lexicon_version, wpm, fillers_per_min, pitch_sd, cpps)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    private static let sessionColumns = """
        id, created_at, drill, prompt, audio_path, audio_sha256, audio_bytes, duration, sample_rate, source_name,
        transcript_json, asr_engine, asr_model, metrics_json, metrics_version, lexicon_version, wpm,
        fillers_per_min, pitch_sd, cpps
        """

    /// Inserts a scoring row; the caller holds the lock and a transaction.
    private func insert(_ scoring: NewScoring, sessionID: Int64) throws {
        try connection.prepare(
            """
            INSERT INTO scorings (session_id, created_at, tier, model, rubric_version, overall, rubric_json,
                router_json, degraded_reason, own_delivery, transcript_json, asr_engine, asr_model, metrics_json,
                metrics_version, lexicon_version, wpm, fillers_per_min, pitch_sd, cpps)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, action: "saving a scoring"
        ).execute([
            .integer(sessionID), .text(Timestamp.string(from: scoring.createdAt)), .text(scoring.tier),
            .text(scoring.model), .text(scoring.rubricVersion), .real(scoring.overall), .blob(scoring.rubricJSON),
            .blob(scoring.routerJSON), .text(scoring.degradedReason), .integer(scoring.delivery == nil ? 0 : 1),
            .blob(scoring.delivery?.transcriptJSON), .text(scoring.delivery?.asrEngine), .text(scoring.delivery?.asrModel),
            .blob(scoring.delivery?.metricsJSON), .integer(scoring.delivery?.metricsVersion),
            .text(scoring.delivery?.lexiconVersion), .real(scoring.delivery?.wpm), .real(scoring.delivery?.fillersPerMinute),
            .real(scoring.delivery?.pitchSD), .real(scoring.delivery?.cpps),
        ])
    }

    /// Decodes a row selected with `sessionColumns`.
    private func decodeSession(_ statement: Statement) throws -> StoredSession {
        let id = statement.int64(0)
        return StoredSession(
            id: id, createdAt: try date(statement.text(1), table: "sessions", id: id), drill: statement.text(2),
            prompt: statement.text(3), audioPath: statement.text(4), audioSHA256: statement.text(5),
            audioBytes: statement.int64(6), duration: statement.double(7), sampleRate: Int(statement.int64(8)),
            sourceName: statement.text(9), transcriptJSON: statement.blob(10), asrEngine: statement.text(11),
            asrModel: statement.text(12), metricsJSON: statement.blob(13), metricsVersion: Int(statement.int64(14)),
            lexiconVersion: statement.optionalText(15), wpm: statement.optionalDouble(16),
            fillersPerMinute: statement.optionalDouble(17), pitchSD: statement.optionalDouble(18),
            cpps: statement.optionalDouble(19))
    }

    /// Parses a stored time, reporting the row if it is not one savvy wrote.
    private func date(_ text: String, table: String, id: Int64) throws -> Date {
        guard let date = Timestamp.date(from: text) else {
            throw StoreError.corrupt(
                path: connection.path, detail: "\(table) row \(id) has a created_at that is not an ISO-8601 UTC time")
        }
        return date
    }

    /// Whether any session still points at `relativePath`.
    private func isReferenced(_ relativePath: String) throws -> Bool {
        let statement = try connection.prepare(
            "SELECT 1 FROM sessions WHERE audio_path = ? LIMIT 1", action: "checking recordings")
        try statement.bind([.text(relativePath)])
        return try statement.step()
    }

    /// After a failed insert, removes the audio it copied unless another writer has since saved a
    /// session pointing at the same file. Best effort: the original error is what the user needs.
    private func removeUnreferenced(_ relativePath: String) {
        if (try? isReferenced(relativePath)) == false {
            try? vault.remove(relativePath: relativePath)
        }
    }
}
