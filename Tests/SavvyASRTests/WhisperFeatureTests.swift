import Foundation
import XCTest

@testable import SavvyASR

/// The worker's block-wise log-mel features (issue 13 item 1) against faster-whisper's own, run in
/// the installed venv: the same bytes for every length, so bounding the worker's memory changes
/// no transcript.
final class WhisperFeatureTests: XCTestCase {
    func testIssue13_blockFeaturesEqualFasterWhispersBitForBit() throws {
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
    if whole.shape != blocks.shape or whole.tobytes() != blocks.tobytes():
        bad.append(frames)
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
