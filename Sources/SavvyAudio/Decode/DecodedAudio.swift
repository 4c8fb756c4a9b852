/// A whole recording converted to the one format every analysis in savvy reads:
/// mono, 32-bit float in −1…1, at `AudioFile.targetSampleRate` (16 kHz).
///
/// 16 kHz is what the ASR engines are trained on and covers the voice band the DSP needs
/// (F0 up to ~1 kHz, CPP quefrencies); one fixed rate keeps every frame size in samples constant.
public struct DecodedAudio: Sendable, Equatable {
    /// Mono samples in −1…1, `sampleRate` per second.
    public let samples: [Float]
    /// Samples per second of `samples` (always `AudioFile.targetSampleRate`).
    public let sampleRate: Int
    /// What the file was before downmixing and resampling.
    public let source: AudioFileInfo

    /// Length of `samples` in seconds.
    public var durationSeconds: Double {
        Double(samples.count) / Double(sampleRate)
    }

    public init(samples: [Float], sampleRate: Int, source: AudioFileInfo) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.source = source
    }
}
