@preconcurrency import Glibc
import Foundation
import SavvyAudio
import SavvyTestSupport
import XCTest
@testable import SavvyCLI
@testable import SavvySession

/// `PracticeRecorder` end to end through ALSA's `file` plugin: what lands in the WAV, and each
/// way a recording stops.
final class PracticeRecorderTests: XCTestCase {
    private let rate = 16_000

    private func recorder(
        _ source: CaptureSource, in folder: TemporaryDirectory, options: RecordingOptions,
        stderr: BufferSink = BufferSink(), stopSources: PracticeRecorder.StopSources = .none
    ) -> PracticeRecorder {
        PracticeRecorder(
            source: source, outputPath: folder.path("take.wav"), options: options,
            display: TerminalRecordingDisplay(stderr: stderr, palette: Palette(enabled: false)), stopSources: stopSources
        )
    }

    func testWAVHoldsExactlyTheCapturedFixture() throws {
        let folder = try TemporaryDirectory()
        let fixture = try PracticeFixtures.starAnswer()
        let raw = try PracticeFixtures.writeRaw(fixture, named: "star.raw", in: folder)
        let stderr = BufferSink()
        let seconds = Double(fixture.count) / Double(rate)
        let result = try recorder(
            PracticeFixtures.source(infile: raw), in: folder,
            options: RecordingOptions(countdown: false, maxSeconds: seconds), stderr: stderr
        ).record()

        XCTAssertEqual(result.stopReason, .maxDuration)
        XCTAssertEqual(result.frames, Int64(fixture.count))
        XCTAssertEqual(result.durationSeconds, seconds, accuracy: 1e-9)
        XCTAssertEqual(result.path, folder.path("take.wav"))
        let written = try AudioFile.load(path: result.path)
        XCTAssertEqual(written.samples, PracticeFixtures.floats(fixture))
        let peak = fixture.map { abs(Int($0)) }.max() ?? 0
        XCTAssertEqual(result.peakDBFS, 20 * log10(Double(peak) / 32_768), accuracy: 1e-9)
        XCTAssertEqual(result.clippedBlocks, 0)
        // Not a terminal: one instruction line and one summary line, no escape codes.
        XCTAssertEqual(stderr.text, "recording… (stops by itself at 32.9 s)\nrecorded 32.9 s (reached the maximum length)\n")
    }

    func testMaxSecondsStopsAtThatFrame() throws {
        let folder = try TemporaryDirectory()
        let fixture = try PracticeFixtures.starAnswer()
        let raw = try PracticeFixtures.writeRaw(fixture, named: "star.raw", in: folder)
        // 2.55 s is not a whole number of 100 ms blocks: the last block is cut to the frame.
        for (id, maxSeconds, frames) in [("whole-blocks", 2.5, 40_000), ("mid-block", 2.55, 40_800), ("under-one-block", 0.01, 160)] {
            let result = try recorder(
                PracticeFixtures.source(infile: raw), in: folder, options: RecordingOptions(countdown: false, maxSeconds: maxSeconds)
            ).record()
            XCTAssertEqual(result.stopReason, .maxDuration, id)
            XCTAssertEqual(result.frames, Int64(frames), id)
            let written = try AudioFile.load(path: result.path)
            XCTAssertEqual(written.samples, PracticeFixtures.floats(fixture.prefix(frames)), id)
        }
    }

    func testSilenceAfterSpeechStopsWithinOneBlockOfTheLimit() throws {
        let folder = try TemporaryDirectory()
        let speech = try PracticeFixtures.starAnswer()
        // Half a second of room (digital silence) to calibrate on, the answer, then 3 s of silence.
        let lead = 8_000
        let samples = [Int16](repeating: 0, count: lead) + speech + [Int16](repeating: 0, count: 3 * rate)
        let raw = try PracticeFixtures.writeRaw(samples, named: "answer-then-silence.raw", in: folder)
        let leadSeconds = Double(lead) / Double(rate)
        let speechEnd = leadSeconds + Double(speech.count) / Double(rate)
        // The answer's longest inserted pause is 1.0 s from 24.2993 s (star-answer.json), so a
        // shorter limit stops inside it and a longer one only after the answer.
        let cases: [(silence: Double, stopsAt: Double)] = [
            (0.9, leadSeconds + 24.2993 + 0.9),
            (1.2, speechEnd + 1.2),
            (1.5, speechEnd + 1.5),
        ]
        for testCase in cases {
            let id = "silence \(testCase.silence)"
            let result = try recorder(
                PracticeFixtures.source(infile: raw), in: folder,
                options: RecordingOptions(countdown: false, maxSeconds: 60, silenceSeconds: testCase.silence)
            ).record()
            XCTAssertEqual(result.stopReason, .silence, id)
            XCTAssertEqual(result.durationSeconds, testCase.stopsAt, accuracy: 0.1, id)
            XCTAssertGreaterThanOrEqual(result.durationSeconds, testCase.stopsAt - 0.01, "never before the limit: \(id)")
            // Calibrated on digital silence: −120 + 12 dB is below the floor, so the floor applies.
            XCTAssertEqual(result.speechThresholdDBFS, -60, id)
            XCTAssertTrue(result.speechDetected, id)
            let written = try AudioFile.load(path: result.path)
            XCTAssertEqual(written.samples, PracticeFixtures.floats(samples.prefix(Int(result.frames))), id)
        }
    }

    func testSilenceNeverStopsARecordingWithoutSpeech() throws {
        let folder = try TemporaryDirectory()
        let raw = try PracticeFixtures.writeRaw([Int16](repeating: 0, count: 4 * rate), named: "room.raw", in: folder)
        let result = try recorder(
            PracticeFixtures.source(infile: raw), in: folder,
            options: RecordingOptions(countdown: false, maxSeconds: 3, silenceSeconds: 0.5)
        ).record()
        XCTAssertEqual(result.stopReason, .maxDuration)
        XCTAssertFalse(result.speechDetected)
        XCTAssertEqual(result.peakDBFS, AudioLevel.silenceFloorDBFS)
    }

    func testInterruptKeepsAValidWAVAndRestoresTheHandler() throws {
        let folder = try TemporaryDirectory()
        let fixture = try PracticeFixtures.starAnswer()
        let raw = try PracticeFixtures.writeRaw(fixture, named: "star.raw", in: folder)
        // Ignore SIGINT for the whole test, so a signal raised at the wrong moment cannot kill
        // the test process; the recorder installs its own handler over this one and must put
        // this one back.
        let outer = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, outer) }
        let recorder = recorder(
            PracticeFixtures.source(infile: raw, realtime: true), in: folder,
            options: RecordingOptions(countdown: false, maxSeconds: 20), stopSources: .init(enterKeyDescriptor: nil, handlesInterrupt: true)
        )
        let raiser = Thread {
            let deadline = Date().addingTimeInterval(20)
            while recorder.framesRecorded < 16_000, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            raise(SIGINT)
        }
        raiser.start()
        let started = Date()
        let result = try recorder.record()

        XCTAssertEqual(result.stopReason, .interrupted)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "paced capture should be interrupted after about 1 s")
        XCTAssertGreaterThanOrEqual(result.frames, 16_000)
        XCTAssertLessThan(result.frames, Int64(fixture.count))
        let written = try AudioFile.load(path: result.path)
        XCTAssertEqual(Int64(written.samples.count), result.frames)
        XCTAssertEqual(written.samples, PracticeFixtures.floats(fixture.prefix(Int(result.frames))))
        var current = sigaction()
        sigaction(SIGINT, nil, &current)
        XCTAssertEqual(unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self), unsafeBitCast(SIG_IGN, to: Int.self))
    }

    func testEnterOnAPipeStopsButEndOfFileDoesNot() throws {
        let folder = try TemporaryDirectory()
        let fixture = try PracticeFixtures.starAnswer()
        let raw = try PracticeFixtures.writeRaw(fixture, named: "star.raw", in: folder)

        // A newline on a pipe stops the recording.
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let enter = recorder(
            PracticeFixtures.source(infile: raw, realtime: true), in: folder, options: RecordingOptions(countdown: false, maxSeconds: 20),
            stopSources: .init(enterKeyDescriptor: readEnd, handlesInterrupt: false)
        )
        let presser = Thread {
            let deadline = Date().addingTimeInterval(20)
            while enter.framesRecorded < 8_000, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            _ = write(writeEnd, "\n", 1)
        }
        presser.start()
        let stopped = try enter.record()
        XCTAssertEqual(stopped.stopReason, .userStopped)
        XCTAssertLessThan(stopped.frames, Int64(fixture.count))
        close(readEnd)
        close(writeEnd)

        // A pipe closed without a newline, and /dev/null, do not stop it: the limit does.
        XCTAssertEqual(pipe(&ends), 0)
        close(ends[1])
        let devNull = open("/dev/null", O_RDONLY)
        defer { close(devNull) }
        for (id, descriptor) in [("closed-pipe", ends[0]), ("dev-null", devNull)] {
            let result = try recorder(
                PracticeFixtures.source(infile: raw, realtime: true), in: folder, options: RecordingOptions(countdown: false, maxSeconds: 0.5),
                stopSources: .init(enterKeyDescriptor: descriptor, handlesInterrupt: false)
            ).record()
            XCTAssertEqual(result.stopReason, .maxDuration, id)
            XCTAssertEqual(result.frames, 8_000, id)
        }
        close(ends[0])
        XCTAssertEqual(EnterKeyWatcher.kind(of: devNull), .unwatchable)
        XCTAssertEqual(EnterKeyWatcher.kind(of: -1), .unwatchable)
    }

    func testTerminalShowsCountdownMeterClipAndPartialTranscript() throws {
        let folder = try TemporaryDirectory()
        // 1 s at half scale, then one block that hits the 16-bit ceiling.
        var samples = (0..<rate).map { Int16((16_384 * sin(2 * Double.pi * 440 * Double($0) / 16_000)).rounded()) }
        samples += [Int16](repeating: Int16.max, count: 1_600)
        let raw = try PracticeFixtures.writeRaw(samples, named: "clip.raw", in: folder)
        let stderr = BufferSink(isTerminal: true, columns: 100)
        let recorder = recorder(
            PracticeFixtures.source(infile: raw), in: folder,
            options: RecordingOptions(countdown: true, maxSeconds: 1.1, targetSeconds: 90), stderr: stderr
        )
        recorder.partialTranscript = { "so the task was" }
        let started = Date()
        let result = try recorder.record()

        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 3 * PracticeRecorder.countdownStepSeconds - 0.05)
        XCTAssertEqual(result.clippedBlocks, 1)
        XCTAssertEqual(result.peakDBFS, 20 * log10(32_767.0 / 32_768), accuracy: 1e-9)
        let text = stderr.text
        for step in ["recording in 3…", "recording in 2…", "recording in 1…"] {
            XCTAssertTrue(text.contains(RecordingStatusLine.clear + step), step)
        }
        // The last status line: full time against the target, a full meter, the clip warning,
        // the partial transcript; then the summary.
        XCTAssertTrue(
            text.hasSuffix(
                RecordingStatusLine.clear + "● 0:01.1 / 1:30.0  ▕████████████████████▏ 0 dB  CLIP  so the task was\n"
                    + "recorded 1.1 s (reached the maximum length)\n"
            ), text.debugDescription
        )
    }

    func testOpenFailureLeavesNoFile() throws {
        let folder = try TemporaryDirectory()
        let cases: [(id: String, source: CaptureSource, options: RecordingOptions, expected: AudioError)] = [
            ("no-such-device", .device("savvy-no-such-pcm"), RecordingOptions(countdown: false),
             .captureDeviceNotFound(device: "savvy-no-such-pcm", detail: "No such file or directory")),
            ("missing-infile", PracticeFixtures.source(infile: folder.path("gone.raw")), RecordingOptions(countdown: false),
             .captureDeviceNotFound(device: "savvypractice", detail: "No such file or directory")),
            ("negative-max", .device("default"), RecordingOptions(countdown: false, maxSeconds: -1),
             .invalidParameter(name: "maximum recording length", value: "-1.0 s", rule: "must be a positive number of seconds")),
            ("zero-silence", .device("default"), RecordingOptions(countdown: false, silenceSeconds: 0),
             .invalidParameter(name: "silence auto-stop", value: "0.0 s", rule: "must be a positive number of seconds")),
            ("positive-threshold", .device("default"), RecordingOptions(countdown: false, speechThreshold: .fixed(dBFS: 3)),
             .invalidParameter(name: "speech threshold", value: "3.0 dBFS", rule: "must be at most 0 dBFS (e.g. -40)")),
        ]
        for testCase in cases {
            do {
                _ = try recorder(testCase.source, in: folder, options: testCase.options).record()
                XCTFail("\(testCase.id): expected an error")
            } catch {
                XCTAssertEqual(error, testCase.expected, testCase.id)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("take.wav")), testCase.id)
        }
    }

    func testInterruptDuringCountdownCancelsWithoutAFile() throws {
        let folder = try TemporaryDirectory()
        let raw = try PracticeFixtures.writeRaw([Int16](repeating: 0, count: rate), named: "room.raw", in: folder)
        let recorder = recorder(PracticeFixtures.source(infile: raw), in: folder, options: RecordingOptions(countdown: true))
        let canceller = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            recorder.requestStop()
        }
        canceller.start()
        let result = try recorder.record()
        XCTAssertEqual(result.stopReason, .cancelled)
        XCTAssertEqual(result.frames, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: result.path))
    }
}
