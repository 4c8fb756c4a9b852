import Foundation
import SavvyAudio
import SavvyTestSupport
import XCTest
@testable import SavvySession

/// Issue 12: the recorder's stops under starvation. The interview's end-to-end test once read a
/// turn as "no answer" on a machine loaded 20-fold. The cause was a race, not a clock: a stop
/// is decided on the capture thread, but the capture ended only when the recording thread got
/// round to stopping it, and a source faster than real time (ALSA's `file` plugin) read on in
/// the meantime — seconds of the next answer per few milliseconds of delay, so the more the
/// recording thread was starved, the more of the next answer was swallowed (commit c26f65d made
/// the capture thread hold at the stop). Every limit already counts captured frames, never
/// wall time; these tests pin that down by starving each side on purpose and requiring the
/// very same takes, sample for sample, as an unstarved run.
final class RecorderStarvationTests: XCTestCase {
    /// A display whose every call blocks for `delay` seconds: the recording thread stalled, as
    /// on a loaded machine (or a terminal whose output is paused).
    private final class StalledDisplay: RecordingDisplay {
        let delay: Double
        init(delay: Double) { self.delay = delay }
        var isLive: Bool { false }
        func countdown(step: Int) {}
        func clearLive() {}
        func started(stops: RecordingStops) { Thread.sleep(forTimeInterval: delay) }
        func status(_ snapshot: RecordingSnapshot) {}
        func finished(_ result: RecordingResult, last: RecordingSnapshot?) { Thread.sleep(forTimeInterval: delay) }
    }

    private struct Take: Equatable {
        var frames: Int64
        var stop: StopReason
        var samples: [Float]
    }

    /// Records the interview's three turns — an answer, a follow-up answer, silence — on one open
    /// capture of `stream`, as `InterviewRunner` does.
    private func takes(of stream: String, in folder: TemporaryDirectory, displayDelay: Double,
                       readerDelay: Double) throws -> [Take] {
        let source = PracticeFixtures.source(infile: stream)
        let capture = try source.open(blockFrames: PracticeRecorder.blockFrames)
        defer { capture.stop() }
        var options = RecordingOptions(countdown: false, maxSeconds: 120, silenceSeconds: 3)
        options.noSpeechSeconds = 4
        return try (1...3).map { turn in
            let recorder = PracticeRecorder(source: source, outputPath: folder.path("turn-\(turn).wav"), options: options,
                                            display: StalledDisplay(delay: displayDelay), stopSources: .none)
            // A slow reader: whatever handles each block on the capture thread (a live
            // recogniser) takes this long.
            if readerDelay > 0 { recorder.blockObserver = { _ in Thread.sleep(forTimeInterval: readerDelay) } }
            let result = try recorder.record(on: capture)
            return Take(frames: result.frames, stop: result.stopReason, samples: try AudioFile.load(path: result.path).samples)
        }
    }

    func testIssue12_starvedRecorderStopsOnTheSameSamples() throws {
        let folder = try TemporaryDirectory()
        func speech(_ name: String) throws -> [Int16] {
            try AudioFile.load(path: PackagePaths.fixture(name)).samples.map { Int16(($0 * 32_768).rounded()) }
        }
        let rate = 16_000
        func silence(_ seconds: Int) -> [Int16] { [Int16](repeating: 0, count: seconds * rate) }
        // As in the interview test: a lead, each answer followed by 4 s (the 3 s auto-stop, then
        // the next turn's calibration), and nobody speaking after the second answer.
        let stream = silence(1) + (try speech("star-no-result.wav")) + silence(4) + (try speech("follow-up-number.wav")) + silence(8)
        let raw = try PracticeFixtures.writeRaw(stream, named: "turns.raw", in: folder)

        let reference = try takes(of: raw, in: folder, displayDelay: 0, readerDelay: 0)
        XCTAssertEqual(reference.map(\.stop), [.silence, .silence, .noSpeech])
        // The takes are consecutive stretches of the stream: nothing read past a stop, nothing lost.
        var offset = 0
        for (index, take) in reference.enumerated() {
            XCTAssertEqual(take.samples, PracticeFixtures.floats(stream[offset..<(offset + Int(take.frames))]), "turn \(index + 1)")
            offset += Int(take.frames)
        }
        XCTAssertEqual(reference[2].frames, Int64(4 * rate), "nobody spoke: exactly 4 s of audio, however long it took")

        let starved: [(id: String, display: Double, reader: Double)] = [
            ("stalled recording thread", 0.25, 0),
            ("slow reader", 0, 0.002),
            ("both", 0.25, 0.002),
        ]
        for c in starved {
            let got = try takes(of: raw, in: folder, displayDelay: c.display, readerDelay: c.reader)
            XCTAssertEqual(got.map(\.stop), reference.map(\.stop), c.id)
            XCTAssertEqual(got.map(\.frames), reference.map(\.frames), c.id)
            XCTAssertTrue(got == reference, "\(c.id): the same samples in every take")
        }
    }
}
