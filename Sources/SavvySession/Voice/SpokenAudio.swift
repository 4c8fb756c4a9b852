/// Synthesised speech: mono samples in −1…1 at their native rate.
public struct SpokenAudio: Sendable, Equatable {
    public let samples: [Float]
    /// Hz.
    public let sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// Length in seconds.
    public var durationSeconds: Double {
        sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0
    }
}
