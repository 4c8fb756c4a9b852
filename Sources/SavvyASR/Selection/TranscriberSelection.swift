/// The engine `TranscriberFactory` picked, and why (shown by `savvy doctor` and `--verbose`).
public struct TranscriberSelection: Sendable {
    /// Ready to use.
    public let transcriber: any Transcriber
    /// "pocketsphinx" or "whisper" (equal to `transcriber.engineID`).
    public let engine: String
    /// One lower-case line, e.g. "auto: whisper found in '/home/a/.local/share/savvy/venv'".
    public let reason: String
    /// pocketsphinx for the trust check's second opinion on Whisper's words (nil with
    /// pocketsphinx as the engine, or when its model is not installed). Kept with the selection
    /// so a batch worker keeps its decoder warm for all its files.
    public let secondOpinion: PocketSphinxTranscriber?

    public init(transcriber: any Transcriber, reason: String, secondOpinion: PocketSphinxTranscriber? = nil) {
        self.transcriber = transcriber
        self.engine = transcriber.engineID
        self.reason = reason
        self.secondOpinion = secondOpinion
    }

    /// Frees the loaded pocketsphinx decoders (the engine's and the second opinion's) that no
    /// call is using; they are loaded again when next needed. Whisper's worker is kept.
    public func releaseIdleDecoders() {
        (transcriber as? PocketSphinxTranscriber)?.releaseDecoders()
        secondOpinion?.releaseDecoders()
    }
}
