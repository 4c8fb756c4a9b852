import SavvyAudio
import SavvyDSP

/// Decode and delivery analysis of one recording file in bounded memory, shared by `score`,
/// `rescore`, `analyze` and the report page.
///
/// The samples go to a private temporary file (`AudioFile.decode`) and the analysis reads them
/// in blocks of `SAVVY_ANALYSIS_BLOCK_SECONDS` (default ``DeliveryAnalyzer/defaultBlockSeconds``;
/// `whole` reads the recording in one piece). The numbers are the same, bit for bit, at every
/// block length; the variable exists so tests can show it.
public enum RecordingAnalysis {
    /// The environment variable that sets the analysis block length, seconds.
    public static let blockSecondsVariable = "SAVVY_ANALYSIS_BLOCK_SECONDS"

    /// The block length `environment` asks for: seconds, or `nil` for the whole recording.
    public static func blockSeconds(environment: [String: String]) throws -> Double? {
        guard let text = environment[blockSecondsVariable], !text.isEmpty else { return DeliveryAnalyzer.defaultBlockSeconds }
        if text == "whole" { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0.01 else {
            throw SessionError.invalidEnvironment(name: blockSecondsVariable, value: text,
                                                  rule: "must be a number of seconds (at least 0.01) or 'whole'")
        }
        return seconds
    }

    /// Decodes `readPath` (naming it `displayPath` in messages) into a temporary file and
    /// analyses it block by block, pitch and CPPS on `threads` threads (`nil`: one per processor).
    ///
    /// With more than one thread the analysis starts while the file is still being decoded
    /// (``BackgroundDecode``), on the sample count the header promises; the result is the one
    /// the decoded file gives, bit for bit, since the analysis reads the same samples — and when
    /// the decode ends with another count than promised, the analysis is run again on the
    /// decoded file. A decode error wins over what the analysis threw meanwhile, as when the
    /// decode came first. With one thread, decode and analysis run one after the other.
    public static func run(readPath: String, displayPath: String? = nil,
                           configuration: DeliveryConfiguration = DeliveryConfiguration(), threads: Int? = nil,
                           environment: [String: String]) throws -> (audio: DecodedAudioFile, analysis: DeliveryAnalysis) {
        let blockSeconds = try blockSeconds(environment: environment)
        let analyzer = try DeliveryAnalyzer(configuration: configuration, threads: threads)
        guard analyzer.threads > 1 else {
            let audio = try AudioFile.decode(path: readPath, displayPath: displayPath)
            return (audio, try analyzer.analyze(RecordingSamples(audio), blockSeconds: blockSeconds))
        }
        let decode = try BackgroundDecode.start(path: readPath, displayPath: displayPath)
        return try analyzeWhileDecoding(decode, expectedCount: decode.expectedSampleCount, analyzer: analyzer,
                                        blockSeconds: blockSeconds)
    }

    /// The analysis of `decode`'s samples, started before the decode ends on `expectedCount`
    /// samples, and redone on the decoded file when that count turns out wrong. (A parameter so
    /// tests can promise a wrong count.)
    static func analyzeWhileDecoding(_ decode: BackgroundDecode, expectedCount: Int, analyzer: DeliveryAnalyzer,
                                     blockSeconds: Double?) throws -> (audio: DecodedAudioFile, analysis: DeliveryAnalysis) {
        var early: Result<DeliveryAnalysis, any Error>?
        do {
            early = .success(try analyzer.analyze(DecodingSamples(decode: decode, sampleCount: expectedCount),
                                                  blockSeconds: blockSeconds))
        } catch is DecodingSamples.Shortfall {
            early = nil
        } catch {
            early = .failure(error)
        }
        let audio = try decode.finish()
        if audio.sampleCount == expectedCount, let early {
            return (audio, try early.get())
        }
        return (audio, try analyzer.analyze(RecordingSamples(audio), blockSeconds: blockSeconds))
    }
}

/// A recording still being decoded, as the analysis's ``SampleSource``: `sampleCount` is what
/// the header promised, and a read waits for the decode to reach it.
struct DecodingSamples: SampleSource {
    /// The decode ended before the samples read: the promised count was too high.
    struct Shortfall: Error {}

    let decode: BackgroundDecode
    let sampleCount: Int
    var sampleRate: Int { AudioFile.targetSampleRate }

    func samples(in range: Range<Int>) throws -> [Float] {
        guard let samples = try decode.samples(in: range) else { throw Shortfall() }
        return samples
    }
}
