import Foundation
import XCTest

@testable import SavvyASR

/// The worker's block-wise log-mel features (issue 13 item 1) against faster-whisper's own, run in
/// the installed venv. A request of one block (under 4096 frames, every answer up to 40 s) gets
/// the same bytes. A longer one gets the same bytes where OpenBLAS's sgemm computes a column the
/// same way whatever the product's width (Sandybridge kernels, and the machine this was first
/// measured on); on AMD EPYC its Haswell/Zen kernels round a 16-column group by the product's
/// width, so a block's columns may differ from the whole product's by an ulp or two, and the
/// check there is a bound (1e-6 on features of about −1…2) and repeatability: the same request
/// twice gives the same bytes, so a transcript never depends on the run.
final class WhisperFeatureTests: XCTestCase {
    func testIssue13_blockFeaturesEqualFasterWhispers() throws {
        let configuration = WhisperConfiguration(environment: ProcessInfo.processInfo.environment)
        guard FileManager.default.isExecutableFile(atPath: configuration.pythonPath) else {
            throw XCTSkip("Whisper's venv is not installed (set SAVVY_VENV)")
        }
        let source = WhisperWorkerScript.source
        let start = try XCTUnwrap(source.range(of: "class BoundedFeatures:"))
        let end = try XCTUnwrap(source.range(of: "def main():", range: start.upperBound..<source.endIndex))
        // Lengths in frames around the block edges (2048): a lone last column, short and long
        // remainders, several blocks; the signal is speech-like noise with a quiet stretch, so
        // the relative floor (loudest frame − 8) matters.
        let check = String(source[start.lowerBound..<end.lowerBound]) + #"""
import numpy as np
from faster_whisper.feature_extractor import FeatureExtractor
rng = np.random.default_rng(13)
bad = []
for frames in [1, 2, 2047, 2048, 2049, 2050, 4095, 4096, 4097, 4113, 6144 + 65, 5 * 2048 + 1000]:
    samples = frames * 160 - 160
    audio = (rng.standard_normal(samples) * np.sin(np.linspace(0, 40, samples)) ** 2 * 0.3).astype(np.float32)
    audio[samples // 3 : samples // 2] *= 1e-4
    whole = FeatureExtractor()(audio)
    blocks = BoundedFeatures(FeatureExtractor())(audio)
    again = BoundedFeatures(FeatureExtractor())(audio)
    if whole.shape != blocks.shape or blocks.tobytes() != again.tobytes():
        bad.append(frames)
    elif frames < 4096 and whole.tobytes() != blocks.tobytes():
        bad.append(frames)
    elif float(np.max(np.abs(whole - blocks))) > 1e-6:
        bad.append((frames, float(np.max(np.abs(whole - blocks)))))
print("differs:", bad)
"""#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: configuration.pythonPath)
        process.arguments = ["-c", check]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "differs: []")
    }
}
