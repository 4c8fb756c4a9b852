import Foundation
import XCTest
@testable import SavvyAudio

final class AudioCaptureTests: XCTestCase {
    /// Collects callback blocks from the capture thread.
    private final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var samples: [Float] = []
        private var levels: [AudioLevel] = []
        func add(_ block: [Float], _ level: AudioLevel) {
            lock.withLock {
                samples += block
                levels.append(level)
            }
        }
        var count: Int { lock.withLock { samples.count } }
        var snapshot: (samples: [Float], levels: [AudioLevel]) { lock.withLock { (samples, levels) } }
    }

    /// Writes `fillers.wav` as raw S16_LE for the ALSA `file` plugin and returns its samples.
    private func rawFixture(in folder: URL) throws -> (path: String, samples: [Int16]) {
        let decoded = try AudioFile.load(path: TestFiles.fixture("fillers.wav"))
        let samples = decoded.samples.map { Int16(($0 * 32_768).rounded()) }
        var data = Data(capacity: samples.count * 2)
        for sample in samples {
            withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
        }
        let url = folder.appendingPathComponent("fixture.raw")
        try data.write(to: url)
        return (url.path, samples)
    }

    /// A capture PCM that plays `infile` through the `file` plugin with a `null` slave as clock.
    private func configuration(infile: String) -> String {
        """
        pcm.savvytest {
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile "\(infile)"
            format "raw"
        }
        """
    }

    private func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    func testCapturedSamplesEqualTheFixtureFedThroughALSA() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let fixture = try rawFixture(in: folder)
        let capture = try AudioCapture(configuration: configuration(infile: fixture.path), pcmName: "savvytest", bufferSeconds: 30)
        XCTAssertEqual(capture.device, "savvytest")
        XCTAssertNil(capture.level)
        let collector = Collector()

        let started = Date()
        try capture.start { block, level in collector.add(block, level) }
        XCTAssertTrue(waitUntil(timeout: 20) { collector.count >= fixture.samples.count }, "capture delivered \(collector.count) samples")
        let elapsed = Date().timeIntervalSince(started)
        capture.stop()
        XCTAssertFalse(capture.isRunning)
        XCTAssertNil(capture.failure)

        let expected = fixture.samples.map { Float($0) / 32_768 }
        let (captured, levels) = collector.snapshot
        XCTAssertEqual(Array(captured.prefix(expected.count)), expected)
        XCTAssertTrue(levels.allSatisfy { $0.rmsDBFS <= 0 && $0.peak <= 1 })
        XCTAssertEqual(levels.first, AudioLevel(block: Array(expected.prefix(capture.blockFrames))))
        XCTAssertNotNil(capture.level)
        XCTAssertGreaterThanOrEqual(capture.framesCaptured, Int64(expected.count))

        let drained = capture.drain()
        XCTAssertEqual(Array(drained.prefix(expected.count)), expected)
        XCTAssertTrue(capture.drain().isEmpty)
        // Recorded for the report: the `null` slave does not pace reads in real time.
        print("alsa file+null capture: \(expected.count) frames (\(Double(expected.count) / 16_000) s of audio) in \(String(format: "%.3f", elapsed)) s wall time")
    }

    func testFullBufferKeepsTheOldestAudioAndCountsTheDropped() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let fixture = try rawFixture(in: folder)
        // Room for 1 s; the unpaced test PCM delivers far more before `stop`.
        let capture = try AudioCapture(configuration: configuration(infile: fixture.path), pcmName: "savvytest", bufferSeconds: 1)
        try capture.start()
        XCTAssertTrue(waitUntil(timeout: 20) { capture.droppedFrames > 0 })
        capture.stop()

        let drained = capture.drain()
        XCTAssertEqual(drained.count, 16_000)
        XCTAssertEqual(drained, fixture.samples.prefix(16_000).map { Float($0) / 32_768 })
        XCTAssertEqual(capture.droppedFrames, capture.framesCaptured - 16_000)
    }

    func testCaptureCanBeStartedAgainAfterStop() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let fixture = try rawFixture(in: folder)
        let capture = try AudioCapture(configuration: configuration(infile: fixture.path), pcmName: "savvytest", bufferSeconds: 30)
        for round in 1...2 {
            try capture.start()
            XCTAssertTrue(waitUntil(timeout: 20) { capture.framesCaptured >= Int64(round * 3_200) })
            capture.stop()
        }
        XCTAssertNil(capture.failure)
        XCTAssertGreaterThanOrEqual(capture.drain().count, 6_400)
    }

    func testOpenErrorsSayWhatToTry() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let cases: [(id: String, open: () throws(AudioError) -> AudioCapture, expected: AudioError, contains: String)] = [
            ("unknown-pcm-name", { () throws(AudioError) in try AudioCapture(device: "savvy-no-such-pcm") },
             .captureDeviceNotFound(device: "savvy-no-such-pcm", detail: "No such file or directory"), "arecord -L"),
            ("config-does-not-parse", { () throws(AudioError) in try AudioCapture(configuration: "pcm.broken { type", pcmName: "broken") },
             .captureConfigInvalid(detail: "Invalid argument"), "cannot parse the alsa configuration"),
            ("pcm-missing-from-config", { () throws(AudioError) in
                try AudioCapture(configuration: "pcm.other { type null }", pcmName: "savvytest")
             }, .captureDeviceNotFound(device: "savvytest", detail: "No such file or directory"), "no such device"),
            ("infile-missing", { () throws(AudioError) in
                try AudioCapture(configuration: self.configuration(infile: folder.appendingPathComponent("gone.raw").path), pcmName: "savvytest")
             }, .captureDeviceNotFound(device: "savvytest", detail: "No such file or directory"), "no such device"),
            ("block-too-small", { () throws(AudioError) in try AudioCapture(device: "default", blockFrames: 4) },
             .invalidParameter(name: "block size", value: "4 frames", rule: "must be between 16 and 160000 frames"), "invalid block size"),
        ]
        for testCase in cases {
            do {
                _ = try testCase.open()
                XCTFail("\(testCase.id): expected an error")
            } catch {
                XCTAssertEqual(error, testCase.expected, testCase.id)
                XCTAssertTrue(error.localizedDescription.contains(testCase.contains), "\(testCase.id): \(error.localizedDescription)")
            }
        }
    }

    func testOpenErrnoMapsToTheCaseThatSaysWhatToTry() {
        let cases: [(id: String, code: Int32, expected: AudioError)] = [
            ("enoent", -ENOENT, .captureDeviceNotFound(device: "hw:1", detail: "x")),
            ("enodev", -ENODEV, .captureDeviceNotFound(device: "hw:1", detail: "x")),
            ("ebusy", -EBUSY, .captureDeviceBusy(device: "hw:1")),
            ("eacces", -EACCES, .capturePermissionDenied(device: "hw:1")),
            ("eperm", -EPERM, .capturePermissionDenied(device: "hw:1")),
            ("eio", -EIO, .captureFailed(device: "hw:1", detail: "x")),
        ]
        for testCase in cases {
            XCTAssertEqual(AudioError.captureOpen(device: "hw:1", code: testCase.code, detail: "x"), testCase.expected, testCase.id)
        }
        XCTAssertTrue(AudioError.captureDeviceBusy(device: "hw:1").localizedDescription.contains("close the other program"))
        XCTAssertTrue(AudioError.capturePermissionDenied(device: "hw:1").localizedDescription.contains("'audio' group"))
    }
}
