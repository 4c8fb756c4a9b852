import Foundation
import SavvyAudio
import XCTest

/// Issue 13 item 1: `decode` keeps the 16 kHz samples in a temporary file instead of memory;
/// they must be exactly `load`'s, read back by any range.
final class DecodedAudioFileTests: XCTestCase {
    func testIssue13_decodedFileHoldsExactlyTheLoadedSamples() throws {
        // 16 kHz mono (copied) and 44.1 kHz stereo FLAC (downmixed and resampled by soxr)
        for name in ["star-answer.wav", "stereo-44k.flac"] {
            let path = TestFiles.fixture(name)
            let loaded = try AudioFile.load(path: path)
            let decoded = try AudioFile.decode(path: path)
            XCTAssertEqual(decoded.sampleCount, loaded.samples.count, name)
            XCTAssertEqual(decoded.source, loaded.source, name)
            XCTAssertEqual(decoded.durationSeconds, loaded.durationSeconds, name)
            XCTAssertEqual(try decoded.samples(in: 0..<decoded.sampleCount), loaded.samples, name)
            let middle = 12_345..<67_891
            XCTAssertEqual(try decoded.samples(in: middle), Array(loaded.samples[middle]), name)
            XCTAssertEqual(try decoded.samples(in: 5..<5), [], name)
        }
    }

    func testIssue13_secondsAreCutToTheRecording() throws {
        let decoded = try AudioFile.decode(path: TestFiles.fixture("fillers.wav"))
        XCTAssertEqual(decoded.sampleRange(from: -1, to: 0.5), 0..<8_000)
        XCTAssertEqual(decoded.sampleRange(from: 1.00001, to: 1.5), 16_000..<24_000)
        XCTAssertEqual(decoded.sampleRange(from: 8, to: 99), 128_000..<decoded.sampleCount)
        XCTAssertEqual(decoded.sampleRange(from: 99, to: 100), 0..<0)
        XCTAssertEqual(try decoded.samples(from: 1, to: 1.5).count, 8_000)
    }

    func testIssue13_aFolderWithoutRoomIsNamed() {
        XCTAssertThrowsError(try AudioFile.decode(path: TestFiles.fixture("fillers.wav"), folder: "/nonexistent-savvy")) { error in
            guard case .spoolFailed(_, let folder, _)? = error as? AudioError else { return XCTFail("\(error)") }
            XCTAssertEqual(folder, "/nonexistent-savvy")
            let message = (error as? AudioError)?.errorDescription ?? ""
            XCTAssertTrue(message.contains("set TMPDIR"), message)
        }
    }
}
