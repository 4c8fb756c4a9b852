/// A whole recording converted to savvy's analysis format (16 kHz mono Float32 in −1…1, as
/// ``DecodedAudio``), kept in a private temporary file instead of memory and read by range.
///
/// Made by `AudioFile.decode`. A two-hour recording is 460 MB of samples; the delivery analysis,
/// the recognisers and the transcript check each read the stretch they work on, so memory does
/// not grow with the length of the recording. The samples are exactly those `AudioFile.load`
/// gives for the same file. The file lives as long as this object.
public final class DecodedAudioFile: @unchecked Sendable {
    // Immutable after decode: the spool is only read from here on.
    private let spool: SampleSpool
    /// Samples per second (always `AudioFile.targetSampleRate`).
    public let sampleRate = AudioFile.targetSampleRate
    /// What the file was before downmixing and resampling.
    public let source: AudioFileInfo

    init(spool: SampleSpool, source: AudioFileInfo) {
        self.spool = spool
        self.source = source
    }

    /// Number of 16 kHz samples.
    public var sampleCount: Int { spool.count }

    /// Length in seconds.
    public var durationSeconds: Double { Double(sampleCount) / Double(sampleRate) }

    /// The samples `range` (within `0..<sampleCount`).
    public func samples(in range: Range<Int>) throws(AudioError) -> [Float] {
        try spool.read(range)
    }

    /// The samples from `start` to `end` seconds, cut to the recording: from sample ⌊start·rate⌋
    /// to ⌈end·rate⌉ (the range a recogniser is given for a stretch of speech).
    public func samples(from start: Double, to end: Double) throws(AudioError) -> [Float] {
        let range = sampleRange(from: start, to: end)
        return try spool.read(range)
    }

    /// Sample indices from `start` to `end` seconds, cut to the recording (empty when they do
    /// not overlap it).
    public func sampleRange(from start: Double, to end: Double) -> Range<Int> {
        let from = max(0, Int((start * Double(sampleRate)).rounded(.down)))
        let to = min(sampleCount, Int((end * Double(sampleRate)).rounded(.up)))
        return to > from ? from..<to : 0..<0
    }
}
