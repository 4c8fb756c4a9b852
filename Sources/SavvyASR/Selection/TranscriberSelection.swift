/// The engine `TranscriberFactory` picked, and why (shown by `savvy doctor` and `--verbose`).
public struct TranscriberSelection: Sendable {
    /// Ready to use.
    public let transcriber: any Transcriber
    /// "pocketsphinx" or "whisper" (equal to `transcriber.engineID`).
    public let engine: String
    /// One lower-case line, e.g. "auto: whisper found in '/home/a/.local/share/savvy/venv'".
    public let reason: String

    public init(transcriber: any Transcriber, reason: String) {
        self.transcriber = transcriber
        self.engine = transcriber.engineID
        self.reason = reason
    }
}
