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

    /// Frees what the recogniser holds: pocketsphinx's decoders that no call is using, or
    /// Whisper's worker process. Either is loaded again by the next call (a decoder about 0.7 s,
    /// the worker about 1 s). The second opinion's decoders are left alone.
    public func releaseEngine() {
        (transcriber as? PocketSphinxTranscriber)?.releaseDecoders()
        (transcriber as? WhisperTranscriber)?.stopWorker()
    }

    /// `releaseEngine()` and the second opinion's idle decoders too: for when no more answers
    /// follow (the end of an interview), or before heavy work that should not sit on top of them.
    public func releaseEngines() {
        releaseEngine()
        secondOpinion?.releaseDecoders()
    }
}
