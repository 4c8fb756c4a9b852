/// Builds the transcriber for an `EngineChoice`.
///
/// `auto` prefers Whisper because it is several times more accurate, but only when it is really
/// installed (venv interpreter and model files present — checked without starting Python);
/// otherwise it falls back to pocketsphinx, which ships with Debian. An explicit choice never
/// falls back: asking for Whisper without it installed is an error that says how to install it.
public enum TranscriberFactory {
    /// - Parameters:
    ///   - choice: what the user asked for.
    ///   - environment: the process environment (`SAVVY_VENV`, `SAVVY_WHISPER_MODEL`,
    ///     `XDG_DATA_HOME`, `HOME`), passed in so tests can point it anywhere.
    ///   - pocketsphinx: decoder settings for the pocketsphinx engine.
    ///   - whisper: worker settings; nil means `WhisperConfiguration(environment:)`.
    public static func make(
        _ choice: EngineChoice,
        environment: [String: String],
        pocketsphinx: PocketSphinxConfiguration = PocketSphinxConfiguration(),
        whisper: WhisperConfiguration? = nil
    ) throws -> TranscriberSelection {
        let whisperConfiguration = whisper ?? WhisperConfiguration(environment: environment)
        switch choice {
        case .pocketsphinx:
            return TranscriberSelection(
                transcriber: try PocketSphinxTranscriber(configuration: pocketsphinx),
                reason: "pocketsphinx requested"
            )
        case .whisper, .auto:
            do {
                let transcriber = try WhisperTranscriber(configuration: whisperConfiguration)
                let found = "\(transcriber.installation.modelID) in '\(whisperConfiguration.venvDirectory)'"
                return TranscriberSelection(
                    transcriber: transcriber,
                    reason: choice == .auto ? "auto: whisper found (\(found))" : "whisper requested (\(found))",
                    // The trust check's second opinion, when pocketsphinx's model is installed.
                    secondOpinion: try? PocketSphinxTranscriber(configuration: pocketsphinx)
                )
            } catch let whisperError as TranscriptionError where choice == .auto {
                let why = whisperError.errorDescription ?? "whisper unavailable"
                return TranscriberSelection(
                    transcriber: try PocketSphinxTranscriber(configuration: pocketsphinx),
                    reason: "auto: pocketsphinx, because \(why)"
                )
            }
        }
    }
}
