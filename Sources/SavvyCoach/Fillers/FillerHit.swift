/// Where a filler was found: in the transcript's words, in the verbatim decode only (Whisper run
/// with the filler prompt wrote an "um" the words lack), or in the audio by the filled-pause
/// detector (a voiced hesitation no decode wrote down).
public enum FillerSource: String, Sendable, Codable, Equatable {
    case lexicon
    case verbatim
    case acoustic
}

/// One filler occurrence.
public struct FillerHit: Sendable, Equatable, Codable {
    /// Start and end in seconds from the start of the audio.
    public var start: Double
    public var end: Double
    /// The filler as written in the lexicon ("um", "you know"); "" for an acoustic hit with no word.
    public var text: String
    public var source: FillerSource
    /// 0–1: for lexicon and verbatim hits the lowest ASR confidence of the filler's words; for
    /// acoustic hits the detector's own score.
    public var confidence: Double

    public init(start: Double, end: Double, text: String, source: FillerSource, confidence: Double) {
        self.start = start
        self.end = end
        self.text = text
        self.source = source
        self.confidence = confidence
    }
}
