import Foundation
import SavvyCoach
import XCTest

import SavvyTestSupport
@testable import SavvyStore

final class RecordingVaultTests: XCTestCase {
    func testImportCopiesAndNamesByHash() throws {
        let directory = try TemporaryDirectory()
        try directory.location.createDirectories()
        let vault = RecordingVault(location: directory.location)
        let source = try directory.audioFile(named: "my answer (1).wav", bytes: 100_000, seed: 3)
        let imported = try vault.importFile(at: source)
        let expectedSHA = SHA256.hex(of: try Data(contentsOf: source))
        XCTAssertEqual(imported.sha256, expectedSHA)
        XCTAssertEqual(imported.bytes, 100_000)
        XCTAssertTrue(imported.created)
        XCTAssertEqual(imported.relativePath, "recordings/\(expectedSHA.prefix(16))-my_answer__1_.wav")
        XCTAssertEqual(try Data(contentsOf: vault.url(for: imported.relativePath)), try Data(contentsOf: source))
        XCTAssertTrue(FileManager.default.fileExists(atPath: source.path), "the original stays")
        XCTAssertEqual(try Self.temporaryFiles(in: vault), [])
    }

    func testSameAudioIsStoredOnce() throws {
        let directory = try TemporaryDirectory()
        try directory.location.createDirectories()
        let vault = RecordingVault(location: directory.location)
        let source = try directory.audioFile()
        let first = try vault.importFile(at: source)
        let second = try vault.importFile(at: source)
        XCTAssertTrue(first.created)
        XCTAssertFalse(second.created)
        XCTAssertEqual(first.relativePath, second.relativePath)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vault.directory.path).count, 1)
    }

    /// A different file squatting on the short name makes the vault fall back to the full hash.
    func testNameClashFallsBackToFullHash() throws {
        let directory = try TemporaryDirectory()
        try directory.location.createDirectories()
        let vault = RecordingVault(location: directory.location)
        let source = try directory.audioFile()
        let sha = SHA256.hex(of: try Data(contentsOf: source))
        let squatter = vault.directory.appendingPathComponent(RecordingVault.storedName(sha256: sha, sourceName: "answer.wav"))
        try Data("other".utf8).write(to: squatter)
        let imported = try vault.importFile(at: source)
        XCTAssertEqual(imported.relativePath, "recordings/\(sha)-answer.wav")
        XCTAssertEqual(try Data(contentsOf: squatter), Data("other".utf8))
    }

    func testStoredNames() {
        let sha = String(repeating: "ab", count: 32)
        let cases: [(id: String, source: String, name: String)] = [
            ("plain", "a.wav", "abababababababab-a.wav"),
            ("hidden", "..x.wav", "abababababababab-x.wav"),
            ("unicode", "réponse.flac", "abababababababab-r_ponse.flac"),
            ("empty", "", "abababababababab-audio"),
            ("long-keeps-extension", String(repeating: "n", count: 200) + ".ogg",
             "abababababababab-" + String(repeating: "n", count: 76) + ".ogg"),
        ]
        for testCase in cases {
            XCTAssertEqual(RecordingVault.storedName(sha256: sha, sourceName: testCase.source), testCase.name, testCase.id)
        }
    }

    func testVerify() throws {
        let directory = try TemporaryDirectory()
        try directory.location.createDirectories()
        let vault = RecordingVault(location: directory.location)
        let imported = try vault.importFile(at: try directory.audioFile())
        let url = vault.url(for: imported.relativePath)
        XCTAssertEqual(try vault.verify(relativePath: imported.relativePath, sha256: imported.sha256), url)

        try Data("tampered".utf8).write(to: url)
        XCTAssertThrowsError(try vault.verify(relativePath: imported.relativePath, sha256: imported.sha256)) { error in
            guard case StoreError.recordingChanged(let path, let expected, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, url.path)
            XCTAssertEqual(expected, imported.sha256)
            XCTAssertTrue(error.localizedDescription.hasSuffix("; restore the original file"))
        }

        try FileManager.default.removeItem(at: url)
        XCTAssertThrowsError(try vault.verify(relativePath: imported.relativePath, sha256: imported.sha256)) { error in
            XCTAssertEqual(error as? StoreError, .recordingMissing(path: url.path))
        }
    }

    func testUnreadableSourceIsReported() throws {
        let directory = try TemporaryDirectory()
        try directory.location.createDirectories()
        let vault = RecordingVault(location: directory.location)
        let missing = directory.url.appendingPathComponent("nope.wav")
        XCTAssertThrowsError(try vault.importFile(at: missing)) { error in
            XCTAssertEqual(
                error.localizedDescription,
                "cannot store recording '\(missing.path)': no such file or directory; nothing was saved")
        }
        XCTAssertThrowsError(try vault.importFile(at: directory.url)) { error in
            XCTAssertEqual(
                error.localizedDescription,
                "cannot store recording '\(directory.url.path)': not a regular file; nothing was saved")
        }
    }

    static func temporaryFiles(in vault: RecordingVault) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: vault.directory.path)
            .filter { $0.hasPrefix(RecordingVault.temporaryPrefix) }
    }
}

final class RecordingVaultCleanupTests: XCTestCase {
    /// Temporary files from a crashed import are removed once old; fresh ones (another savvy may
    /// be copying) and stored recordings are left alone.
    func testStaleTemporaryFilesAreRemoved() throws {
        let directory = try TemporaryDirectory()
        try directory.location.createDirectories()
        let vault = RecordingVault(location: directory.location)
        let kept = try vault.importFile(at: try directory.audioFile())
        let old = vault.directory.appendingPathComponent(RecordingVault.temporaryPrefix + "old111")
        let fresh = vault.directory.appendingPathComponent(RecordingVault.temporaryPrefix + "new222")
        try Data("partial".utf8).write(to: old)
        try Data("partial".utf8).write(to: fresh)
        let now = Date()
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-2 * 86_400)], ofItemAtPath: old.path)

        XCTAssertEqual(vault.removeStaleTemporaryFiles(olderThan: 86_400, now: now), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: vault.url(for: kept.relativePath).path))
    }

    func testUnreadableRecordingMessage() {
        XCTAssertEqual(
            StoreError.cannotReadRecording(path: "/d/recordings/x.wav", reason: "permission denied").localizedDescription,
            "cannot read recording '/d/recordings/x.wav': permission denied; check its permissions")
    }
}
