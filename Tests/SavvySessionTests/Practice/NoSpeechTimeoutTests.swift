import XCTest
@testable import SavvySession

/// Issue 12: a turn nobody answers ends after `noSpeechSeconds`, and only then.
final class NoSpeechTimeoutTests: XCTestCase {
    private func run(_ options: RecordingOptions, _ levels: [Double]) -> (frames: Int64, stop: StopReason?) {
        var detector = StopDetector(sampleRate: 16_000, options: options)
        for level in levels {
            if let stop = detector.consume(count: 1_600, levelDBFS: level).stop { return (detector.frames, stop) }
        }
        return (detector.frames, nil)
    }

    func testIssue12_silenceBeforeAnySpeechEndsTheTurnAtTheTimeout() {
        let options = RecordingOptions(silenceSeconds: 3, speechThreshold: .fixed(dBFS: -40), noSpeechSeconds: 4)
        let result = run(options, [Double](repeating: -70, count: 100))
        XCTAssertEqual(result.stop, .noSpeech)
        XCTAssertEqual(result.frames, 64_000)
        XCTAssertEqual(StopReason.noSpeech.summary, "nobody spoke")
    }

    func testIssue12_speechBeforeTheTimeoutDisarmsIt() {
        // Speech starts at 3.5 s and lasts 5 s: the timeout does not fire; the silence stop does.
        let options = RecordingOptions(silenceSeconds: 3, speechThreshold: .fixed(dBFS: -40), noSpeechSeconds: 4)
        let levels = [Double](repeating: -70, count: 35) + [Double](repeating: -20, count: 50) + [Double](repeating: -70, count: 60)
        let result = run(options, levels)
        XCTAssertEqual(result.stop, .silence)
        XCTAssertEqual(result.frames, (35 + 50 + 30) * 1_600)
    }
}
