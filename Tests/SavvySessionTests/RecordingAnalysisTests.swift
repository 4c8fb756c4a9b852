import SavvyAudio
import SavvyDSP
import SavvyTestSupport
import XCTest
@testable import SavvySession

/// Issue 13: with more than one thread the analysis starts while the file is decoding. It must
/// give the analysis of the decoded file, bit for bit, and when the header's promise of a length
/// is wrong, the analysis must notice and start again rather than report a wrong grid.
final class RecordingAnalysisTests: XCTestCase {
    func testIssue13_analysingWhileDecodingGivesTheDecodedFilesAnalysis() throws {
        // 16 kHz mono (no resampling) and 44.1 kHz stereo FLAC (soxr)
        for name in ["star-answer.wav", "stereo-44k.flac"] {
            let path = PackagePaths.fixture(name)
            let serial = try DeliveryAnalyzer(threads: 1)
                .analyze(RecordingSamples(AudioFile.decode(path: path)), blockSeconds: 2)
            let (audio, analysis) = try RecordingAnalysis.run(readPath: path, threads: 3,
                                                              environment: [RecordingAnalysis.blockSecondsVariable: "2"])
            XCTAssertEqual(analysis, serial, name)
            XCTAssertEqual(try audio.samples(in: 0..<audio.sampleCount),
                           try AudioFile.load(path: path).samples, name)
        }
    }

    func testIssue13_aWrongPromiseOfLengthIsNoticedAndTheFileAnalysedAgain() throws {
        let path = PackagePaths.fixture("stereo-44k.flac")
        let analyzer = try DeliveryAnalyzer(threads: 2)
        let serial = try analyzer.analyze(RecordingSamples(AudioFile.decode(path: path)), blockSeconds: 2)
        let count = try AudioFile.decode(path: path).sampleCount
        // too long (a read past the end ends the early analysis), too short (it finishes on the
        // wrong grid) and right
        for promised in [count + 5_000, count + 1, count - 1, count / 2, count] {
            let decode = try BackgroundDecode.start(path: path)
            let (audio, analysis) = try RecordingAnalysis.analyzeWhileDecoding(
                decode, expectedCount: promised, analyzer: analyzer, blockSeconds: 2)
            XCTAssertEqual(audio.sampleCount, count, "promised \(promised)")
            XCTAssertEqual(analysis, serial, "promised \(promised)")
        }
    }

    func testIssue13_aFileCutMidStreamFailsWithTheDecodersError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("savvy-analysis-\(UUID().uuidString.lowercased())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.fixture("stereo-44k.flac")))
        let path = folder.appendingPathComponent("cut.flac").path
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: path))
        let expected: AudioError
        do {
            _ = try AudioFile.decode(path: path)
            return XCTFail("a cut FLAC decoded")
        } catch {
            expected = error
        }
        for threads in [1, 2] {
            XCTAssertThrowsError(try RecordingAnalysis.run(readPath: path, threads: threads, environment: [:])) { error in
                XCTAssertEqual(error as? AudioError, expected, "\(threads) threads")
            }
        }
    }
}
