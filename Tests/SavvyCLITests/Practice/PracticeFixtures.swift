import Foundation
import SavvyAudio
import SavvyTestSupport
@testable import SavvyCLI
@testable import SavvySession

/// Raw S16_LE sources for ALSA's `file` capture plugin, so `PracticeRecorder` is tested through
/// the real ALSA API without a sound card.
enum PracticeFixtures {
    /// `Fixtures/star-answer.wav` as 16-bit codes (16 kHz mono, 526 135 frames, speech to
    /// the last sample).
    static func starAnswer() throws -> [Int16] {
        let decoded = try AudioFile.load(path: PackagePaths.fixture("star-answer.wav"))
        return decoded.samples.map { Int16(($0 * 32_768).rounded()) }
    }

    /// Writes `samples` as raw little-endian 16-bit and returns the path.
    static func writeRaw(_ samples: [Int16], named name: String, in folder: TemporaryDirectory) throws -> String {
        var data = Data(capacity: samples.count * 2)
        for sample in samples {
            withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
        }
        let path = folder.path(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A capture source that plays `infile` through the `file` plugin over a `null` slave.
    static func source(infile: String, realtime: Bool = false) -> CaptureSource {
        let configuration = """
            pcm.savvypractice {
                type file
                slave.pcm { type null }
                file "/dev/null"
                infile "\(infile)"
                format "raw"
            }
            """
        return .configuration(configuration, pcmName: "savvypractice", realtime: realtime)
    }

    /// The codes as the Float samples savvy reads back from a 16-bit WAV.
    static func floats(_ samples: some Collection<Int16>) -> [Float] {
        samples.map { Float($0) / 32_768 }
    }
}
