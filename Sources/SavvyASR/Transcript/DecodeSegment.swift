/// Whisper's own judgement of one stretch it decoded: the statistics its decoder computes for
/// every 30 s window and copies onto each segment of that window (faster-whisper's `Segment`).
///
/// Whisper's decoder treats a window as failed, and decodes it again at a higher temperature,
/// when its text compresses too well (`compressionRatio` above 2.4: the same words over and
/// over) or its tokens are too unlikely (`averageLogProbability` below −1). savvy decodes at
/// temperature 0 only, so it reads the same numbers as evidence instead (`TranscriptChecker`).
public struct DecodeSegment: Sendable, Equatable, Codable {
    /// Seconds from the start of the audio.
    public var start: Double
    public var end: Double
    /// Mean log probability of the window's tokens.
    public var averageLogProbability: Double
    /// Length of the window's text ÷ its zlib-compressed length (gzip ratio, as Whisper computes it).
    public var compressionRatio: Double
    /// Probability of the no-speech token at the window's start.
    public var noSpeechProbability: Double

    public init(start: Double, end: Double, averageLogProbability: Double, compressionRatio: Double,
                noSpeechProbability: Double) {
        self.start = start
        self.end = end
        self.averageLogProbability = averageLogProbability
        self.compressionRatio = compressionRatio
        self.noSpeechProbability = noSpeechProbability
    }

    /// Whisper's threshold: a decode whose text compresses better than this is repetitive.
    public static let repetitiveCompressionRatio = 2.4

    /// Whether Whisper would reject this window's decode as repetitive.
    public var isRepetitive: Bool { compressionRatio > Self.repetitiveCompressionRatio }
}
