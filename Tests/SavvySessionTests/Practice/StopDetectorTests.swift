import XCTest
@testable import SavvySession

/// `StopDetector` on synthetic block levels, where the frame a stop must land on is known exactly.
final class StopDetectorTests: XCTestCase {
    private let block = 1_600

    /// Feeds `levels` (one 100 ms block each) and returns the frames kept when the detector
    /// stopped, with the reason, or the total and `nil` when it never stopped.
    private func run(_ detector: inout StopDetector, _ levels: [Double]) -> (frames: Int64, stop: StopReason?) {
        for level in levels {
            let decision = detector.consume(count: block, levelDBFS: level)
            if let stop = decision.stop { return (detector.frames, stop) }
        }
        return (detector.frames, nil)
    }

    func testSilenceStopsAfterExactlyTheConfiguredSilence() {
        let cases: [(id: String, silence: Double, expectedFrames: Int64)] = [
            // 5 quiet + 10 speech blocks = 24 000 frames, then silence until the limit.
            ("one-second", 1.0, 24_000 + 16_000),
            ("one-and-a-half", 1.5, 24_000 + 24_000),
            // 0.25 s is not whole blocks: the block that crosses it ends the recording.
            ("between-blocks", 0.25, 24_000 + 4_800),
        ]
        for testCase in cases {
            var detector = StopDetector(
                sampleRate: 16_000,
                options: RecordingOptions(silenceSeconds: testCase.silence, speechThreshold: .fixed(dBFS: -40))
            )
            let levels = [Double](repeating: -70, count: 5) + [Double](repeating: -20, count: 10) + [Double](repeating: -70, count: 40)
            let (frames, stop) = run(&detector, levels)
            XCTAssertEqual(stop, .silence, testCase.id)
            XCTAssertEqual(frames, testCase.expectedFrames, testCase.id)
        }
    }

    func testShortLoudBurstDoesNotArmTheSilenceStop() {
        var detector = StopDetector(
            sampleRate: 16_000, options: RecordingOptions(silenceSeconds: 0.5, speechThreshold: .fixed(dBFS: -40), minimumSpeechSeconds: 0.2)
        )
        // One 100 ms click, then quiet: no speech yet, so no stop.
        let (frames, stop) = run(&detector, [-70, -10] + [Double](repeating: -70, count: 30))
        XCTAssertNil(stop)
        XCTAssertEqual(frames, 32 * 1_600)
        XCTAssertFalse(detector.speechStarted)
        // Two loud blocks (0.2 s) arm it; 0.5 s later it stops.
        let (after, armedStop) = run(&detector, [-10, -10] + [Double](repeating: -70, count: 10))
        XCTAssertEqual(armedStop, .silence)
        XCTAssertEqual(after, (32 + 2 + 5) * 1_600)
    }

    func testCalibrationUsesTheQuietestBlockPlusTheMarginAndTheFloor() {
        let cases: [(id: String, room: [Double], margin: Double, floor: Double, expected: Double)] = [
            ("noisy-room", [-45, -47, -46, -48, -45], 12, -60, -36),
            ("speech-starts-at-once", [-50, -20, -18, -22, -19], 12, -60, -38),
            ("digital-silence-hits-the-floor", [-120, -120, -120, -120, -120], 12, -60, -60),
            ("no-margin", [-70, -66, -68, -69, -70], 0, -90, -70),
        ]
        for testCase in cases {
            var detector = StopDetector(
                sampleRate: 16_000,
                options: RecordingOptions(speechThreshold: .calibrated(marginDB: testCase.margin, floorDBFS: testCase.floor))
            )
            for (index, level) in testCase.room.enumerated() {
                XCTAssertNil(detector.thresholdDBFS, "\(testCase.id) before block \(index)")
                _ = detector.consume(count: block, levelDBFS: level)
            }
            XCTAssertEqual(detector.thresholdDBFS, testCase.expected, testCase.id)
        }
    }

    func testSpeechDuringCalibrationIsJudgedOnceTheThresholdIsKnown() {
        var detector = StopDetector(
            sampleRate: 16_000, options: RecordingOptions(silenceSeconds: 0.3, speechThreshold: .calibrated(marginDB: 12, floorDBFS: -60))
        )
        // Speech in blocks 2–4 of the calibration half-second, silence from block 5.
        let (frames, stop) = run(&detector, [-55, -20, -20, -20, -55] + [Double](repeating: -55, count: 10))
        XCTAssertEqual(detector.thresholdDBFS, -43)
        XCTAssertEqual(stop, .silence)
        XCTAssertEqual(frames, (4 + 3) * 1_600)
    }

    func testMaxCutsTheBlockThatCrossesIt() {
        var detector = StopDetector(sampleRate: 16_000, options: RecordingOptions(maxSeconds: 0.35))
        let decisions = (0..<5).map { _ in detector.consume(count: block, levelDBFS: -30) }
        XCTAssertEqual(decisions.map(\.keepFrames), [1_600, 1_600, 1_600, 800, 0])
        XCTAssertEqual(decisions.map(\.stop), [nil, nil, nil, .maxDuration, .maxDuration])
        XCTAssertEqual(detector.frames, 5_600)
    }

    func testNoLimitsNeverStops() {
        var detector = StopDetector(sampleRate: 16_000, options: RecordingOptions(speechThreshold: .fixed(dBFS: -40)))
        let (frames, stop) = run(&detector, [Double](repeating: -20, count: 10) + [Double](repeating: -90, count: 600))
        XCTAssertNil(stop)
        XCTAssertEqual(frames, 610 * 1_600)
        XCTAssertEqual(detector.silentRunFrames, 600 * 1_600)
    }

    /// Issue 10 item 10: with no speech at all (a muted microphone) the take stops at the
    /// no-speech limit; once speech has started the limit no longer applies.
    func testIssue10_noSpeechTimeoutStopsOnlyWhenNobodySpoke() {
        let cases: [(id: String, levels: [Double], stop: StopReason?, frames: Int64)] = [
            ("silence", [Double](repeating: -90, count: 100), .noSpeech, 32_000),
            ("speech first", [Double](repeating: -20, count: 5) + [Double](repeating: -90, count: 95), nil, 160_000),
        ]
        for c in cases {
            var detector = StopDetector(
                sampleRate: 16_000, options: RecordingOptions(speechThreshold: .fixed(dBFS: -40), noSpeechSeconds: 2))
            let (frames, stop) = run(&detector, c.levels)
            XCTAssertEqual(stop, c.stop, c.id)
            XCTAssertEqual(frames, c.frames, c.id)
        }
    }
}
