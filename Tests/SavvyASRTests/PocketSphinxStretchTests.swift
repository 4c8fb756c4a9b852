import SavvyASR
import XCTest

/// The second opinion's stretches (issue 13 item 1): a long recording is decoded as several
/// utterances of one decoder so the search's memory stays that of one stretch.
final class PocketSphinxStretchTests: XCTestCase {
    /// One stretch is exactly the plain call, so answers up to a minute keep their second opinion
    /// byte for byte; each later stretch is reproducible and hears its own words.
    func testIssue13_stretchesOfOneDecoderMatchThePlainCallAndRepeat() throws {
        let dir = try AudioTools.makeTemporaryDirectory(self)
        let first = try AudioTools.speak("We measured the results twice to be sure.", in: dir, name: "a")
        let second = try AudioTools.speak("The quarterly report shows that our team finished early.", in: dir, name: "b")
        let engine = try Engines.pocketsphinx()
        let plain = try engine.transcribe(samples: first, sampleRate: 16_000).words
        let stretches = [first, [], second]
        let once = try engine.transcribe(stretches: stretches.count, sampleRate: 16_000) { stretches[$0] }
        let again = try engine.transcribe(stretches: stretches.count, sampleRate: 16_000) { stretches[$0] }
        XCTAssertEqual(try engine.transcribe(stretches: 1, sampleRate: 16_000) { _ in first }, [plain])
        XCTAssertEqual(once.count, 3)
        XCTAssertEqual(once[0], plain)
        XCTAssertEqual(once[1], [], "an empty stretch has no words")
        XCTAssertEqual(once, again, "the same stretches must give the same words")
        // A later stretch starts from the decoder's state after the earlier ones, so it may differ
        // slightly from a fresh decode of it, but it must hear the same speech.
        let alone = try engine.transcribe(samples: second, sampleRate: 16_000).words.map(\.text)
        let common = WordErrorRate.commonSubsequence(alone, once[2].map(\.text))
        XCTAssertGreaterThanOrEqual(Double(common), 0.7 * Double(alone.count),
                                    "\(once[2].map(\.text)) against \(alone) decoded alone")
        let duration = Double(second.count) / 16_000
        XCTAssertTrue(once[2].allSatisfy { $0.start >= 0 && $0.end <= duration + 0.011 }, "words on the stretch's own clock")
    }

    func testStretchErrors() throws {
        let engine = try Engines.pocketsphinx()
        XCTAssertEqual(try engine.transcribe(stretches: 0, sampleRate: 16_000) { _ in [] }, [])
        XCTAssertThrowsError(try engine.transcribe(stretches: 1, sampleRate: 8_000) { _ in [0.1] }) {
            XCTAssertEqual($0 as? TranscriptionError,
                           .unsupportedSampleRate(engine: "pocketsphinx", got: 8_000, expected: 16_000))
        }
    }
}
