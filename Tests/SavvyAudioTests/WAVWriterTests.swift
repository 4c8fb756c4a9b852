import Foundation
import XCTest
@testable import SavvyAudio

final class WAVWriterTests: XCTestCase {
    func testFloatRoundTripIsExactAndPCMIsWithinOneStep() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let samples = TestFiles.sine(frequency: 220, sampleRate: 16_000, count: 4_000, amplitude: 0.9)
        for (id, encoding, tolerance) in [("float32", WAVWriter.Encoding.float32, Float(0)), ("pcm16", .pcm16, Float(1) / 32_768)] {
            let path = folder.appendingPathComponent("\(id).wav").path
            let writer = try WAVWriter(path: path, encoding: encoding)
            try writer.append(Array(samples[0..<1_000]))
            try writer.append(Array(samples[1_000...]))
            try writer.finish()
            try writer.finish()
            XCTAssertEqual(writer.framesWritten, 4_000, id)

            let decoded = try AudioFile.load(path: path)
            XCTAssertEqual(decoded.samples.count, samples.count, id)
            for index in samples.indices {
                XCTAssertEqual(decoded.samples[index], samples[index], accuracy: tolerance, "\(id) sample \(index)")
            }
        }
    }

    func testFileIsValidAfterEveryBlockWithoutFinish() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("recording.wav").path
        let writer = try WAVWriter(path: path)
        for block in 1...3 {
            try writer.append([Float](repeating: 0.25, count: 1_600))
            // Read through a separate handle while the writer is still open, as after a crash.
            let partial = try AudioFile.load(path: path)
            XCTAssertEqual(partial.samples.count, block * 1_600)
            XCTAssertEqual(partial.samples.last, 0.25)
        }
        try writer.finish()
        XCTAssertThrowsError(try writer.append([0.1])) { error in
            XCTAssertEqual(error as? AudioError, .writeFailed(path: path, detail: "the writer is already finished"))
        }
    }

    func testPCMClipsInsteadOfWrapping() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("hot.wav").path
        try WAVWriter.writeAtomically([1.5, -2, 0.5], to: path)
        let decoded = try AudioFile.load(path: path).samples
        XCTAssertEqual(decoded[0], 32_767 / 32_768)
        XCTAssertEqual(decoded[1], -1)
        XCTAssertEqual(decoded[2], 0.5)
    }

    func testAtomicWriteReplacesTheFileAndLeavesNoTemporaries() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("take.wav").path
        try WAVWriter.writeAtomically([Float](repeating: 0.5, count: 800), to: path)
        try WAVWriter.writeAtomically([Float](repeating: -0.25, count: 1_200), to: path)

        let decoded = try AudioFile.load(path: path)
        XCTAssertEqual(decoded.samples, [Float](repeating: -0.25, count: 1_200))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["take.wav"])
    }

    func testWriteErrors() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let cases: [(id: String, write: () throws(AudioError) -> Void, path: String, contains: String)] = [
            ("missing-folder", { () throws(AudioError) in
                _ = try WAVWriter(path: folder.appendingPathComponent("no/such/take.wav").path)
             }, folder.appendingPathComponent("no/such/take.wav").path, "no such file or directory"),
            ("atomic-into-missing-folder", { () throws(AudioError) in
                try WAVWriter.writeAtomically([0], to: folder.appendingPathComponent("gone/take.wav").path)
             }, "gone/take.wav'", "no such file or directory"),
            ("disk-full", { () throws(AudioError) in
                let writer = try WAVWriter(path: "/dev/full")
                try writer.append([Float](repeating: 0.1, count: 16_000))
                try writer.finish()
             }, "/dev/full", "check free disk space"),
            ("zero-rate", { () throws(AudioError) in
                _ = try WAVWriter(path: folder.appendingPathComponent("x.wav").path, sampleRate: 0)
             }, "sample rate", "invalid sample rate (0 hz)"),
        ]
        for testCase in cases {
            do {
                try testCase.write()
                XCTFail("\(testCase.id): expected an error")
            } catch {
                let message = error.localizedDescription
                XCTAssertTrue(message.contains(testCase.path), "\(testCase.id): \(message)")
                XCTAssertTrue(message.contains(testCase.contains), "\(testCase.id): \(message)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.wav").path))
    }

    /// Issue 10 item 10: takes are written as RF64 with auto-downgrade, so a take under 4 GB is
    /// an ordinary RIFF WAV (what every player reads) and one past 4 GB cannot overflow.
    func testIssue10_smallTakeIsAPlainRIFFWave() throws {
        let dir = try TestFiles.temporaryFolder(for: self)
        let path = dir.appendingPathComponent("take.wav").path
        let writer = try WAVWriter(path: path)
        try writer.append(TestFiles.sine(frequency: 440, sampleRate: 16_000, count: 16_000))
        try writer.finish()
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(12)
        XCTAssertEqual(String(decoding: header.prefix(4), as: UTF8.self), "RIFF")
        XCTAssertEqual(String(decoding: header.suffix(4), as: UTF8.self), "WAVE")
        XCTAssertEqual(try AudioFile.load(path: path).samples.count, 16_000)
    }
}
