import XCTest
import SavvyASR
import SavvyAudio
import SavvyTestSupport

/// The live transcript shown while recording: fed block by block, it produces text as it goes.
final class LiveTranscriberTests: XCTestCase {
    func testPartialTextGrowsWhileFedAndFinishEnds() throws {
        let audio = try AudioFile.load(path: PackagePaths.fixture("fillers.wav"))
        let live = try LiveTranscriber()
        XCTAssertNil(live.partial)
        var seen: [Int] = []
        let block = 1_600
        for start in stride(from: 0, to: audio.samples.count, by: block) {
            live.feed(Array(audio.samples[start..<min(start + block, audio.samples.count)]))
            if start % (block * 10) == 0 {
                Thread.sleep(forTimeInterval: 0.05)
                seen.append(live.partial?.split(separator: " ").count ?? 0)
            }
        }
        // Let the decoder drain the queue, then stop it.
        let deadline = Date().addingTimeInterval(20)
        while (live.partial?.split(separator: " ").count ?? 0) < 10, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let text = try XCTUnwrap(live.partial)
        XCTAssertGreaterThanOrEqual(text.split(separator: " ").count, 10, text)
        XCTAssertFalse(text.contains("("), "pronunciation variants are stripped: \(text)")
        XCTAssertEqual(seen, seen.sorted(), "the partial transcript only grows: \(seen)")
        live.finish()
        live.feed([0, 0, 0])  // ignored after finish, never crashes
    }
}
