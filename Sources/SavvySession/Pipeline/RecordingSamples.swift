import SavvyAudio
import SavvyDSP

/// A decoded recording, kept in its temporary file, as the delivery analysis's
/// ``SampleSource``: the analysis reads it block by block.
public struct RecordingSamples: SampleSource {
    public let audio: DecodedAudioFile

    public init(_ audio: DecodedAudioFile) {
        self.audio = audio
    }

    public var sampleRate: Int { audio.sampleRate }
    public var sampleCount: Int { audio.sampleCount }

    public func samples(in range: Range<Int>) throws -> [Float] {
        try audio.samples(in: range)
    }
}
