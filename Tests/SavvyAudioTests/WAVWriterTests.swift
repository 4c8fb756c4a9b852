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

    /// Issue 10 item 10, the switch itself: a take that passes 4 GiB (RIFF's 32-bit size limit,
    /// 4 294 967 295 bytes; a 4.1 GB take still fits and stays RIFF), written through the
    /// recorder's writer in the recorder's way (small blocks, the header rewritten after each),
    /// is RF64 with the right 64-bit sizes both while it is being written (as savvy dying would
    /// leave it) and once finished, and libsndfile reads every frame back.
    ///
    /// Writes 4.4 GB of silence in `TMPDIR` (one to two minutes), so it is opt-in:
    /// `SAVVY_BENCH_RF64=1`, which `bench/rf64_bench.sh` (part of `make bench`) sets.
    func testIssue10_takePast4GBSwitchesToRF64() throws {
        guard ProcessInfo.processInfo.environment["SAVVY_BENCH_RF64"] == "1" else {
            throw XCTSkip("set SAVVY_BENCH_RF64=1 (or run bench/rf64_bench.sh) to write a 4.4 GB take")
        }
        let dir = try TestFiles.temporaryFolder(for: self)
        let path = dir.appendingPathComponent("long-take.wav").path
        let frames: Int64 = 2_200_000_000  // 16-bit mono: 4.4 GB of data, past RIFF's 4 GiB limit
        let block = [Float](repeating: 0, count: 1 << 20)
        let writer = try WAVWriter(path: path)
        var written: Int64 = 0
        while written < frames {
            let count = Int(min(Int64(block.count), frames - written))
            try writer.append(count == block.count ? block : Array(block[0..<count]))
            written += Int64(count)
        }
        try checkRF64(path: path, frames: frames, when: "before finish")
        try writer.finish()
        try checkRF64(path: path, frames: frames, when: "after finish")
        let reader = try SndfileReader(path: path)
        XCTAssertEqual(reader.info.frames, frames, "libsndfile reads every frame back")
        XCTAssertTrue(reader.info.formatName.uppercased().contains("RF64"), reader.info.formatName)
    }

    /// The header is `RF64`…`WAVE` with a `ds64` chunk whose data size and sample count are the
    /// take's, and the file holds exactly the header plus the data.
    private func checkRF64(path: String, frames: Int64, when: String) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let header = try XCTUnwrap(try handle.read(upToCount: 48))
        func text(_ range: Range<Int>) -> String { String(decoding: header[range], as: UTF8.self) }
        func u64(_ offset: Int) -> Int64 { header[offset..<(offset + 8)].reversed().reduce(0) { $0 << 8 | Int64($1) } }
        XCTAssertEqual(text(0..<4), "RF64", when)
        XCTAssertEqual(text(8..<12), "WAVE", when)
        XCTAssertEqual(text(12..<16), "ds64", when)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64)
        XCTAssertEqual(u64(20), size - 8, "\(when): RIFF size")
        XCTAssertEqual(u64(28), frames * 2, "\(when): data size")
        XCTAssertEqual(u64(36), frames, "\(when): sample count")
    }
}
