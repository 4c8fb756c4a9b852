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
    public static func run(readPath: String, displayPath: String? = nil,
                           configuration: DeliveryConfiguration = DeliveryConfiguration(), threads: Int? = nil,
                           environment: [String: String]) throws -> (audio: DecodedAudioFile, analysis: DeliveryAnalysis) {
        let blockSeconds = try blockSeconds(environment: environment)
        let audio = try AudioFile.decode(path: readPath, displayPath: displayPath)
        let analysis = try DeliveryAnalyzer(configuration: configuration, threads: threads)
            .analyze(RecordingSamples(audio), blockSeconds: blockSeconds)
        return (audio, analysis)
    }
}
