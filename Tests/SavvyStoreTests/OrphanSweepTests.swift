@preconcurrency import Glibc
import Foundation
import XCTest

import SavvyTestSupport
@testable import SavvyStore

/// Issue 10 items 6 and 13: recordings left by a crash are swept on open, safely with concurrent
/// writers; opening for reading creates nothing.
final class OrphanSweepTests: XCTestCase {
    /// Sets a file's modification time `age` seconds into the past.
    private func age(_ path: String, by age: TimeInterval) {
        let then = Date().addingTimeInterval(-age).timeIntervalSince1970
        var times = [timeval(tv_sec: Int(then), tv_usec: 0), timeval(tv_sec: Int(then), tv_usec: 0)]
        XCTAssertEqual(utimes(path, &times), 0)
    }

    private func recordings(_ store: SessionStore) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.location.recordingsURL.path).sorted()
    }

    /// A crash between the recording's rename and the session's commit leaves a file no row
    /// refers to; the next open removes it once it is older than the grace age, keeps a young
    /// one (an insert may be about to commit it), and never touches a referenced one.
    func testIssue10_orphanRecordingsAreSweptOnOpen() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let kept = try store.insertSession(Fixtures.session(audio: try directory.audioFile(named: "kept.wav", seed: 1)))
        // The crash: the vault import ran, the transaction never did.
        let old = try store.vault.importFile(at: try directory.audioFile(named: "old.wav", seed: 2))
        let young = try store.vault.importFile(at: try directory.audioFile(named: "young.wav", seed: 3))
        let keptPath = try XCTUnwrap(try store.session(id: kept)).audioPath
        let grace = SessionStore.orphanGraceAge
        age(store.vault.url(for: old.relativePath).path, by: grace * 2)
        age(store.vault.url(for: keptPath).path, by: grace * 2)
        XCTAssertEqual(try recordings(store).count, 3)

        let reopened = try SessionStore(location: directory.location)
        XCTAssertEqual(reopened.sweptOnOpen, OrphanSweep(removed: 1, bytes: old.bytes, young: 1))
        XCTAssertEqual(try recordings(reopened), [keptPath, young.relativePath].map { ($0 as NSString).lastPathComponent }.sorted())
        XCTAssertNoThrow(try reopened.verifyRecording(of: try XCTUnwrap(try reopened.session(id: kept))))
    }

    /// An orphan that a new session reuses (same audio, same SHA-256) is refreshed by the import
    /// and survives the sweep, so the session's recording is never missing.
    func testIssue10_reusedOrphanIsNotSwept() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let audio = try directory.audioFile(named: "answer.wav", seed: 7)
        let orphan = try store.vault.importFile(at: audio)
        age(store.vault.url(for: orphan.relativePath).path, by: SessionStore.orphanGraceAge * 2)
        let id = try store.insertSession(Fixtures.session(audio: audio))
        XCTAssertEqual(try store.removeOrphanRecordings().removed, 0)
        XCTAssertNoThrow(try store.verifyRecording(of: try XCTUnwrap(try store.session(id: id))))
    }

    /// Writers inserting while other processes' opens sweep with no grace at all (the worst
    /// case): every committed session still has its recording.
    func testIssue10_sweepIsSafeWithConcurrentWriters() throws {
        let directory = try TemporaryDirectory()
        let location = directory.location
        _ = try SessionStore(location: location)
        let sources = try (0..<12).map { try directory.audioFile(named: "a\($0).wav", seed: UInt64(100 + $0)) }
        let errors = LockedList()
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            do {
                let store = try SessionStore(location: location)
                if index % 2 == 0 {
                    try store.insertSession(Fixtures.session(audio: sources[index / 2]))
                } else {
                    try store.removeOrphanRecordings(now: Date().addingTimeInterval(3600), graceAge: 0)
                }
            } catch {
                // A sweep that removed a file between import and commit makes the insert fail
                // cleanly (and say so) — never commit a row without its file.
                if case StoreError.cannotStoreRecording = error { return }
                errors.append("\(index): \(error)")
            }
        }
        XCTAssertEqual(errors.items, [])
        let store = try SessionStore(location: location)
        for row in try store.history() {
            let session = try XCTUnwrap(try store.session(id: row.id))
            XCTAssertNoThrow(try store.verifyRecording(of: session), "session \(row.id)")
        }
    }

    /// Issue 10 item 13: opening an absent database for reading creates no file and no folder.
    func testIssue10_existingCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        XCTAssertNil(try SessionStore.existing(location: directory.location))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.location.databaseURL.deletingLastPathComponent().path))
        _ = try SessionStore(location: directory.location)
        XCTAssertNotNil(try SessionStore.existing(location: directory.location))
    }
}
