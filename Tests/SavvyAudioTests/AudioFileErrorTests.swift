import Foundation
import XCTest
@testable import SavvyAudio

final class AudioFileErrorTests: XCTestCase {
    /// One bad input per case: `make` builds it in the test's temp folder and returns its path.
    private struct Case {
        let id: String
        let make: (URL) throws -> String
        let maxDuration: Double?
        let expected: (String) -> AudioError
        let messageContains: String
    }

    private static let oneSecond = [Int16](repeating: 2_000, count: 16_000)

    private let cases: [Case] = [
        Case(id: "missing-file", make: { $0.appendingPathComponent("nope.wav").path }, maxDuration: nil,
             expected: { .fileNotFound(path: $0) }, messageContains: "no such file"),
        Case(id: "missing-parent", make: { $0.appendingPathComponent("no-folder/take.wav").path }, maxDuration: nil,
             expected: { .fileNotFound(path: $0) }, messageContains: "check the path"),
        Case(id: "directory", make: { folder in
            let url = folder.appendingPathComponent("takes.wav")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            return url.path
        }, maxDuration: nil, expected: { .isDirectory(path: $0) }, messageContains: "is a directory"),
        Case(id: "text-named-wav", make: { folder in
            let url = folder.appendingPathComponent("notes.wav")
            try Data("these are my notes, not audio\n".utf8).write(to: url)
            return url.path
        }, maxDuration: nil, expected: { .unsupportedFormat(path: $0, detail: "Format not recognised.") },
             messageContains: "not an audio file"),
        Case(id: "zero-bytes", make: { folder in
            let url = folder.appendingPathComponent("zero.wav")
            try Data().write(to: url)
            return url.path
        }, maxDuration: nil, expected: { .empty(path: $0) }, messageContains: "holds no audio"),
        Case(id: "header-only-44-bytes", make: { folder in
            let url = folder.appendingPathComponent("header.wav")
            try TestFiles.wavBytes(interleaved: [], channels: 1, sampleRate: 16_000).write(to: url)
            return url.path
        }, maxDuration: nil, expected: { .empty(path: $0) }, messageContains: "0 frames"),
        Case(id: "wav-cut-mid-data", make: { folder in
            let url = folder.appendingPathComponent("cut.wav")
            let whole = TestFiles.wavBytes(interleaved: oneSecond, channels: 1, sampleRate: 16_000)
            try whole.prefix(44 + 10_000).write(to: url)
            return url.path
        }, maxDuration: nil, expected: { .truncated(path: $0, declaredFrames: 16_000, readableFrames: 5_000) },
             messageContains: "truncated or corrupt"),
        Case(id: "header-declares-data-that-is-missing", make: { folder in
            let url = folder.appendingPathComponent("promise.wav")
            try TestFiles.wavBytes(interleaved: [], channels: 1, sampleRate: 16_000, declaredDataBytes: 32_000).write(to: url)
            return url.path
        }, maxDuration: nil, expected: { .truncated(path: $0, declaredFrames: 16_000, readableFrames: 0) },
             messageContains: "16000 frames"),
        Case(id: "flac-cut-mid-stream", make: { folder in
            let url = folder.appendingPathComponent("cut.flac")
            let whole = try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("stereo-44k.flac")))
            try whole.prefix(whole.count / 3).write(to: url)
            return url.path
        }, maxDuration: nil, expected: { _ in .empty(path: "placeholder-never-compared") }, messageContains: "truncated or corrupt"),
        Case(id: "too-long", make: { folder in
            let url = folder.appendingPathComponent("long.wav")
            try TestFiles.wavBytes(interleaved: oneSecond, channels: 1, sampleRate: 16_000).write(to: url)
            return url.path
        }, maxDuration: 0.5, expected: { .tooLong(path: $0, seconds: 1, limit: 0.5) }, messageContains: "longer than the 0.5 s limit"),
    ]

    func testEachBadInputGetsItsOwnClearError() throws {
        for testCase in cases {
            let folder = try TestFiles.temporaryFolder(for: self)
            let path = try testCase.make(folder)
            do {
                _ = try AudioFile.load(path: path, maxDuration: testCase.maxDuration)
                XCTFail("\(testCase.id): expected an error")
            } catch {
                if testCase.id == "flac-cut-mid-stream" {
                    // How much of a cut FLAC decodes depends on frame boundaries; the case and
                    // the declared length are what matter.
                    guard case .truncated(let errorPath, let declared, let readable) = error else {
                        XCTFail("\(testCase.id): got \(error)")
                        continue
                    }
                    XCTAssertEqual(errorPath, path, testCase.id)
                    XCTAssertEqual(declared, 1_450_160, testCase.id)
                    XCTAssertLessThan(readable, declared, testCase.id)
                } else {
                    XCTAssertEqual(error, testCase.expected(path), testCase.id)
                }
                let message = error.localizedDescription
                XCTAssertTrue(message.contains("'\(path)'"), "\(testCase.id): \(message)")
                XCTAssertTrue(message.contains(testCase.messageContains), "\(testCase.id): \(message)")
                XCTAssertTrue(Self.isLowerCaseOutsideQuotes(message), "\(testCase.id): \(message)")
                XCTAssertFalse(message.contains("\n"), testCase.id)
                XCTAssertTrue(message.contains("; "), "\(testCase.id) says what to do next: \(message)")
            }
        }
    }

    func testUnreadableFileIsPermissionDenied() throws {
        try XCTSkipIf(geteuid() == 0, "root reads files whatever their mode; run as a normal user to exercise this case")
        let folder = try TestFiles.temporaryFolder(for: self)
        let url = folder.appendingPathComponent("secret.wav")
        try TestFiles.wavBytes(interleaved: [1, 2, 3], channels: 1, sampleRate: 16_000).write(to: url)
        XCTAssertEqual(chmod(url.path, 0), 0)
        XCTAssertThrowsError(try AudioFile.load(path: url.path)) { error in
            XCTAssertEqual(error as? AudioError, .permissionDenied(path: url.path))
        }
    }

    func testMessagesForEveryCaseAreOneLowerCaseLine() {
        let errors: [AudioError] = [
            .fileNotFound(path: "a.wav"), .isDirectory(path: "a"), .permissionDenied(path: "a.wav"),
            .unsupportedFormat(path: "a.mp3", detail: "Format not recognised."),
            .truncated(path: "a.wav", declaredFrames: 10, readableFrames: 5), .empty(path: "a.wav"),
            .tooLong(path: "a.wav", seconds: 12_000, limit: 10_800),
            .resamplerFailed(path: "a.wav", fromRate: 44_100, toRate: 16_000, detail: "Out of memory"),
            .readFailed(path: "a.wav", detail: "Internal error."), .writeFailed(path: "b.wav", detail: "No space left on device"),
            .invalidParameter(name: "sample rate", value: "0 hz", rule: "must be between 1 and 384000 hz"),
            .captureDeviceNotFound(device: "hw:3", detail: "No such file or directory"), .captureDeviceBusy(device: "hw:0"),
            .capturePermissionDenied(device: "hw:0"), .captureConfigInvalid(detail: "Invalid argument"),
            .captureFailed(device: "default", detail: "Input/output error"),
        ]
        for error in errors {
            let message = error.localizedDescription
            XCTAssertTrue(Self.isLowerCaseOutsideQuotes(message), message)
            XCTAssertFalse(message.contains("\n"), message)
            XCTAssertFalse(message.hasSuffix("."), message)
        }
        XCTAssertEqual(
            AudioError.tooLong(path: "a.wav", seconds: 12_000, limit: 10_800).localizedDescription,
            "cannot read 'a.wav': 3 h 20 min of audio is longer than the 3 h limit; trim or split the file"
        )
    }

    /// Paths, device names and commands are quoted and keep their case ('arecord -L');
    /// everything else in a message is lower case.
    static func isLowerCaseOutsideQuotes(_ message: String) -> Bool {
        let unquoted = message.split(separator: "'", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 0 }.map { String($0.element) }.joined()
        return unquoted == unquoted.lowercased()
    }
}
