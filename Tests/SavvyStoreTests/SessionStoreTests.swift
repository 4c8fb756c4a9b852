import Foundation
import SavvyCoach
import XCTest

import SavvyTestSupport
@testable import SavvyStore

final class SessionStoreTests: XCTestCase {
    func testInsertAndReadBack() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let audio = try directory.audioFile(bytes: 12_345)
        let new = Fixtures.session(audio: audio)
        let id = try store.insertSession(new, scoring: Fixtures.scoring())

        let stored = try XCTUnwrap(try store.session(id: id))
        XCTAssertEqual(stored.id, id)
        XCTAssertEqual(stored.createdAt, new.createdAt)
        XCTAssertEqual(stored.drill, new.drill)
        XCTAssertEqual(stored.prompt, new.prompt)
        XCTAssertEqual(stored.audioSHA256, SHA256.hex(of: try Data(contentsOf: audio)))
        XCTAssertEqual(stored.audioPath, "recordings/\(stored.audioSHA256.prefix(16))-answer.wav")
        XCTAssertEqual(stored.audioBytes, 12_345)
        XCTAssertEqual(stored.duration, new.duration)
        XCTAssertEqual(stored.sampleRate, new.sampleRate)
        XCTAssertEqual(stored.sourceName, "answer.wav")
        XCTAssertEqual(stored.transcriptJSON, new.transcriptJSON)
        XCTAssertEqual(stored.asrEngine, new.asrEngine)
        XCTAssertEqual(stored.asrModel, new.asrModel)
        XCTAssertEqual(stored.metricsJSON, new.metricsJSON)
        XCTAssertEqual(stored.metricsVersion, new.metricsVersion)
        XCTAssertEqual(stored.lexiconVersion, new.lexiconVersion)
        XCTAssertEqual(stored.wpm, new.wpm)
        XCTAssertEqual(stored.fillersPerMinute, new.fillersPerMinute)
        XCTAssertEqual(stored.pitchSD, new.pitchSD)
        XCTAssertEqual(stored.cpps, new.cpps)
        XCTAssertEqual(try store.verifyRecording(of: stored), store.recordingURL(of: stored))

        let scorings = try store.scorings(sessionID: id)
        XCTAssertEqual(scorings.count, 1)
        let expected = Fixtures.scoring()
        XCTAssertEqual(scorings[0].sessionID, id)
        XCTAssertEqual(scorings[0].createdAt, expected.createdAt)
        XCTAssertEqual(scorings[0].tier, expected.tier)
        XCTAssertEqual(scorings[0].model, expected.model)
        XCTAssertEqual(scorings[0].rubricVersion, expected.rubricVersion)
        XCTAssertEqual(scorings[0].overall, expected.overall)
        XCTAssertEqual(scorings[0].rubricJSON, expected.rubricJSON)
        XCTAssertEqual(scorings[0].routerJSON, expected.routerJSON)
        XCTAssertEqual(scorings[0].degradedReason, expected.degradedReason)
        XCTAssertNil(try store.session(id: id + 1))
    }

    /// NULLs, empty blobs, empty strings and non-ASCII text come back as they went in.
    func testEdgeValuesRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        var new = Fixtures.session(audio: try directory.audioFile(bytes: 0), wpm: nil)
        new.prompt = ""
        new.drill = "présentation ✓"
        new.transcriptJSON = Data()
        new.lexiconVersion = nil
        new.fillersPerMinute = nil
        new.pitchSD = nil
        new.cpps = nil
        let id = try store.insertSession(new)
        let stored = try XCTUnwrap(try store.session(id: id))
        XCTAssertEqual(stored.prompt, "")
        XCTAssertEqual(stored.drill, "présentation ✓")
        XCTAssertEqual(stored.transcriptJSON, Data())
        XCTAssertEqual(stored.audioBytes, 0)
        XCTAssertNil(stored.lexiconVersion)
        XCTAssertNil(stored.wpm)
        XCTAssertNil(stored.fillersPerMinute)
        XCTAssertNil(stored.pitchSD)
        XCTAssertNil(stored.cpps)
        XCTAssertEqual(try store.scorings(sessionID: id), [])
    }

    func testHistoryOrderFiltersAndLatestScore() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let audio = try directory.audioFile()
        // Inserted out of time order; two share a timestamp so the id breaks the tie.
        let a = try store.insertSession(Fixtures.session(audio: audio, minutes: 30, drill: "star"), scoring: Fixtures.scoring(overall: 2))
        let b = try store.insertSession(Fixtures.session(audio: audio, minutes: 10, drill: "pitch"))
        let c = try store.insertSession(Fixtures.session(audio: audio, minutes: 50, drill: "star"), scoring: Fixtures.scoring(overall: 3))
        let d = try store.insertSession(Fixtures.session(audio: audio, minutes: 30, drill: "pitch"))
        try store.addScoring(sessionID: c, Fixtures.scoring(minutes: 60, overall: 4.5, tier: "llm-cloud"))

        let all = try store.history()
        XCTAssertEqual(all.map(\.id), [c, d, a, b])
        XCTAssertEqual(all.map(\.overall), [4.5, nil, 2, nil])
        XCTAssertEqual(all.map(\.tier), ["llm-cloud", nil, "heuristic", nil])
        XCTAssertEqual(all[0].createdAt, Fixtures.time(minutes: 50))
        XCTAssertEqual(all[0].sourceName, "answer.wav")
        XCTAssertEqual(all[0].duration, 61.25)
        XCTAssertEqual(all[0].wpm, 140)
        XCTAssertEqual(all[0].fillersPerMinute, 2.5)
        XCTAssertEqual(all[0].pitchSD, 3.25)
        XCTAssertEqual(all[0].cpps, 14.75)

        XCTAssertEqual(try store.history(drill: "star").map(\.id), [c, a])
        XCTAssertEqual(try store.history(drill: "none").map(\.id), [])
        XCTAssertEqual(try store.history(since: Fixtures.time(minutes: 30)).map(\.id), [c, d, a])
        XCTAssertEqual(try store.history(drill: "pitch", since: Fixtures.time(minutes: 11)).map(\.id), [d])
        XCTAssertEqual(try store.history(limit: 2).map(\.id), [c, d])
        XCTAssertEqual(try store.history(limit: 0).map(\.id), [])
        XCTAssertEqual(try store.lastSessionID(), c)
        XCTAssertEqual(try store.scorings(sessionID: c).map(\.overall), [3, 4.5])

        // Issue 13: the streamed read hands on the same rows in the same order, and stops when
        // asked (a reader of `history --json` that went away).
        var streamed: [HistoryRow] = []
        try store.forEachHistoryRow { row in
            streamed.append(row)
            return true
        }
        XCTAssertEqual(streamed, all)
        var seen: [Int64] = []
        try store.forEachHistoryRow(drill: "star") { row in
            seen.append(row.id)
            return false
        }
        XCTAssertEqual(seen, [c])
    }

    func testLastSessionIDOfEmptyStore() throws {
        let directory = try TemporaryDirectory()
        XCTAssertNil(try SessionStore(location: directory.location).lastSessionID())
        XCTAssertEqual(try SessionStore(location: directory.location).history(), [])
    }

    func testAddScoringToMissingSession() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        XCTAssertThrowsError(try store.addScoring(sessionID: 99, Fixtures.scoring())) { error in
            XCTAssertEqual(error as? StoreError, .sessionNotFound(id: 99))
            XCTAssertEqual(error.localizedDescription, "no session with id 99; run 'savvy history' to list sessions")
        }
    }

    func testDeleteRemovesRowScoringsAndFile() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let id = try store.insertSession(Fixtures.session(audio: try directory.audioFile()), scoring: Fixtures.scoring())
        let stored = try XCTUnwrap(try store.session(id: id))
        let file = store.recordingURL(of: stored)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))

        try store.deleteSession(id: id)
        XCTAssertNil(try store.session(id: id))
        XCTAssertEqual(try store.scorings(sessionID: id), [], "scorings cascade")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        XCTAssertThrowsError(try store.deleteSession(id: id)) { error in
            XCTAssertEqual(error as? StoreError, .sessionNotFound(id: id))
        }
    }

    /// Two sessions from the same audio share one file; it goes only with the last of them.
    func testDeleteKeepsSharedRecording() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let audio = try directory.audioFile()
        let first = try store.insertSession(Fixtures.session(audio: audio))
        let second = try store.insertSession(Fixtures.session(audio: audio, minutes: 5))
        let file = store.recordingURL(of: try XCTUnwrap(try store.session(id: first)))
        try store.deleteSession(id: first)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        try store.deleteSession(id: second)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    /// A failed insert (here a CHECK violation) saves no row and leaves no copied audio.
    func testFailedInsertLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        var bad = Fixtures.session(audio: try directory.audioFile())
        bad.sampleRate = 0
        XCTAssertThrowsError(try store.insertSession(bad, scoring: Fixtures.scoring())) { error in
            guard case StoreError.sqlite(_, let code, _, let action) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(code & 0xFF, 19, "SQLITE_CONSTRAINT")
            XCTAssertEqual(action, "saving a session")
        }
        XCTAssertEqual(try store.history(), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.vault.directory.path), [])
    }

    func testLLMCache() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        XCTAssertNil(try store.cachedResponse(key: "k1"))
        try store.storeResponse(key: "k1", model: "m", response: Data("first".utf8), createdAt: Fixtures.time(minutes: 0))
        XCTAssertEqual(try store.cachedResponse(key: "k1"), Data("first".utf8))
        try store.storeResponse(key: "k1", model: "m", response: Data("second".utf8), createdAt: Fixtures.time(minutes: 1))
        XCTAssertEqual(try store.cachedResponse(key: "k1"), Data("second".utf8))
        XCTAssertNil(try store.cachedResponse(key: "k2"))
    }

    /// Two stores (two connections, as two processes would have) writing at once both succeed:
    /// BEGIN IMMEDIATE plus the busy timeout serialise them instead of failing one.
    func testConcurrentWritersFromTwoConnections() throws {
        let directory = try TemporaryDirectory()
        let location = directory.location
        let stores = [try SessionStore(location: location), try SessionStore(location: location)]
        let audio = [try directory.audioFile(named: "a.wav", seed: 1), try directory.audioFile(named: "b.wav", seed: 2)]
        let perWriter = 40
        let errors = LockedList()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for index in 0..<perWriter {
                do {
                    try stores[writer].insertSession(
                        Fixtures.session(audio: audio[writer], minutes: index, drill: "w\(writer)"),
                        scoring: Fixtures.scoring(minutes: index))
                    try stores[writer].storeResponse(key: "w\(writer)-\(index)", model: "m", response: Data([1]))
                } catch {
                    errors.append("\(error)")
                }
            }
        }
        XCTAssertEqual(errors.items, [])
        let reader = try SessionStore(location: location)
        XCTAssertEqual(try reader.history(drill: "w0").count, perWriter)
        XCTAssertEqual(try reader.history(drill: "w1").count, perWriter)
        XCTAssertEqual(try reader.integrityProblems(), [])
    }

    /// One store shared by several threads is serialised by its lock.
    func testOneStoreSharedBetweenThreads() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let audio = try directory.audioFile()
        let errors = LockedList()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<10 {
                do {
                    try store.insertSession(Fixtures.session(audio: audio, minutes: index, drill: "t\(thread)"))
                    _ = try store.history(limit: 5)
                } catch {
                    errors.append("\(error)")
                }
            }
        }
        XCTAssertEqual(errors.items, [])
        XCTAssertEqual(try store.history().count, 40)
    }
}
