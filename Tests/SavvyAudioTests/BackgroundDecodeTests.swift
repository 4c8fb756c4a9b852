import Foundation
import XCTest
@testable import SavvyAudio

/// Issue 13: `BackgroundDecode` decodes on its own thread so the analysis can start on the first
/// samples. What it gives must be `load`'s samples exactly, its promised count must be the count
/// the decode ends with, and every error must be the one `load` reports.
final class BackgroundDecodeTests: XCTestCase {
    func testIssue13_readsWhileDecodingGiveTheLoadedSamples() throws {
        // 16 kHz mono WAV (copied), 44.1 kHz stereo FLAC and 48 kHz stereo Ogg Vorbis (downmixed,
        // resampled; Ogg's length comes from the stream's last page)
        let ogg = try Self.oggTone(in: TestFiles.temporaryFolder(for: self))
        for (name, path) in [("star-answer.wav", TestFiles.fixture("star-answer.wav")),
                             ("stereo-44k.flac", TestFiles.fixture("stereo-44k.flac")), ("tone.ogg", ogg)] {
            let loaded = try AudioFile.load(path: path)
            let decode = try BackgroundDecode.start(path: path)
            XCTAssertEqual(decode.source, loaded.source, name)
            XCTAssertEqual(decode.expectedSampleCount, loaded.samples.count, name)
            // asked at once, before the decode can have reached them: the reads wait
            let count = loaded.samples.count
            for range in [0..<1_000, (count / 2)..<(count / 2 + 7_777), (count - 10)..<count, 3..<3] {
                XCTAssertEqual(try decode.samples(in: range), Array(loaded.samples[range]), "\(name) \(range)")
            }
            let decoded = try decode.finish()
            XCTAssertEqual(decoded.sampleCount, count, name)
            XCTAssertEqual(try decoded.samples(in: 0..<count), loaded.samples, name)
            // past the end of what the file holds: no samples, not a crash and not a wait
            XCTAssertNil(try decode.samples(in: (count - 1)..<(count + 1)), name)
        }
    }

    func testIssue13_promisedCountIsTheDecodedCountAtAnyRateAndLength() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        var checked = 0
        for rate in [8_000, 11_025, 16_000, 22_050, 44_100, 48_000, 7_999] {
            for frames in [1, 2, 3, 5, 17, 4_409, 65_536, 65_537, 100_003] {
                let samples = TestFiles.sine(frequency: 220, sampleRate: rate, count: frames).map { Int16($0 * 20_000) }
                let url = folder.appendingPathComponent("take-\(rate)-\(frames).wav")
                try TestFiles.wavBytes(interleaved: samples, channels: 1, sampleRate: rate).write(to: url)
                let decode = try BackgroundDecode.start(path: url.path)
                let decoded = try decode.finish()
                XCTAssertEqual(decode.expectedSampleCount, decoded.sampleCount, "\(rate) Hz, \(frames) frames")
                XCTAssertEqual(decoded.sampleCount, try AudioFile.load(path: url.path).samples.count, "\(rate) Hz, \(frames) frames")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 63)
    }

    func testIssue13_everyBadInputGetsLoadsErrorFromStartOrFinish() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let second = [Int16](repeating: 2_000, count: 16_000)
        let wav = TestFiles.wavBytes(interleaved: second, channels: 1, sampleRate: 16_000)
        let flac = try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("stereo-44k.flac")))
        let inputs: [(name: String, bytes: Data?)] = [
            ("missing.wav", nil), ("zero.wav", Data()), ("notes.wav", Data("not audio\n".utf8)),
            ("cut.wav", wav.prefix(44 + 10_000)), ("cut.flac", flac.prefix(flac.count / 3)),
        ]
        for input in inputs {
            let path = folder.appendingPathComponent(input.name).path
            if let bytes = input.bytes { try bytes.write(to: URL(fileURLWithPath: path)) }
            let expected: AudioError
            do {
                _ = try AudioFile.load(path: path)
                XCTFail("\(input.name): load accepted it")
                continue
            } catch {
                expected = error
            }
            do {
                let decode = try BackgroundDecode.start(path: path)
                _ = try decode.finish()
                XCTFail("\(input.name): the background decode accepted it")
            } catch {
                XCTAssertEqual(error, expected, input.name)
            }
        }
        // a read that waits for samples a failing decode never writes gets the decode's error
        let path = folder.appendingPathComponent("cut.flac").path
        let decode = try BackgroundDecode.start(path: path)
        XCTAssertThrowsError(try decode.samples(in: 0..<(decode.expectedSampleCount - 1))) { error in
            guard case .truncated? = error as? AudioError else { return XCTFail("\(error)") }
        }
    }

    /// 3.3 s of a tone as 48 kHz stereo Ogg Vorbis.
    private static func oggTone(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("tone.ogg").path
        try TestFiles.writeOggTone(to: path, seconds: 3.3)
        return path
    }

    func testIssue13_aFolderWithoutRoomFailsAtStart() {
        XCTAssertThrowsError(try BackgroundDecode.start(path: TestFiles.fixture("fillers.wav"), folder: "/nonexistent-savvy")) { error in
            guard case .spoolFailed(_, let folder, _)? = error as? AudioError else { return XCTFail("\(error)") }
            XCTAssertEqual(folder, "/nonexistent-savvy")
        }
    }
}
