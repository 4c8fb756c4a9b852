/// Which speech engine the user asked for (`--asr auto|pocketsphinx|whisper`).
public enum EngineChoice: String, CaseIterable, Sendable {
    /// Whisper when its venv and model are installed, otherwise pocketsphinx.
    case auto
    case pocketsphinx
    case whisper

    /// Parses a flag value; throws `TranscriptionError.unknownEngine` for anything else.
    public init(parsing value: String) throws {
        guard let choice = EngineChoice(rawValue: value.lowercased()) else {
            throw TranscriptionError.unknownEngine(value)
        }
        self = choice
    }
}
