/// A recording already held in memory, as a ``SampleSource``.
public struct SampleArray: SampleSource, Sendable {
    public let samples: [Float]
    public let sampleRate: Int

    public init(_ samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var sampleCount: Int { samples.count }

    public func samples(in range: Range<Int>) -> [Float] {
        Array(samples[range])
    }
}
