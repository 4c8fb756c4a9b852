import Foundation

/// Speech recognition with CMU pocketsphinx (Debian's 0.8+5prealpha, linked directly).
///
/// Always available on a Debian install with `pocketsphinx-en-us`; about 27 % WER on read
/// LibriVox sentences, so prefer Whisper when it is installed. Word confidences are best-path
/// posteriors (right words ≈ 0.8, wrong ≈ 0.4), which the pronunciation figure is built from.
///
/// Each call loads a fresh decoder (≈0.5–0.9 s) because a reused decoder carries acoustic state
/// between utterances; this is what makes identical samples give identical transcripts, and it
/// makes concurrent calls safe without a lock.
public final class PocketSphinxTranscriber: Transcriber {
    public let engineID = "pocketsphinx"
    /// The configuration every decoder is built with.
    public let configuration: PocketSphinxConfiguration
    /// The only sample rate the acoustic model accepts, in Hz.
    public static let sampleRate = 16_000
    /// Longest stretch decoded as one utterance where a recording is cut (the second opinion),
    /// seconds: see `transcribe(stretches:sampleRate:samples:)`.
    public static let longestUtteranceSeconds = 60.0

    /// Checks that the model files exist; throws `TranscriptionError.modelMissing` otherwise.
    public init(configuration: PocketSphinxConfiguration = PocketSphinxConfiguration()) throws {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Transcribes 16 kHz mono samples in −1…1 (values outside are clipped).
    public func transcribe(samples: [Float], sampleRate: Int) throws -> Transcript {
        guard sampleRate == Self.sampleRate else {
            throw TranscriptionError.unsupportedSampleRate(engine: engineID, got: sampleRate, expected: Self.sampleRate)
        }
        guard !samples.isEmpty else { throw TranscriptionError.emptyAudio(engine: engineID) }
        let decoder = try PocketSphinxDecoder(configuration: configuration)
        let words = try decoder.decode(Self.pcm(samples))
        return Transcript(words: words, engine: engineID, model: configuration.modelID)
    }

    /// Transcribes `count` consecutive stretches of one recording, each from `samples(index)`
    /// (16 kHz, −1…1), as utterances of one decoder, and returns each stretch's words on its own
    /// clock (an empty stretch has none).
    ///
    /// For recordings too long to decode as one utterance: the search's memory grows with the
    /// utterance (see `PocketSphinxDecoder.decode(utterances:samples:)`), so cutting a long
    /// recording into stretches of at most a minute bounds it. The same stretches always give the
    /// same words, because the decoder is fresh and sees them in the same order.
    public func transcribe(stretches count: Int, sampleRate: Int,
                           samples: (Int) throws -> [Float]) throws -> [[TranscriptWord]] {
        guard sampleRate == Self.sampleRate else {
            throw TranscriptionError.unsupportedSampleRate(engine: engineID, got: sampleRate, expected: Self.sampleRate)
        }
        guard count > 0 else { return [] }
        let decoder = try PocketSphinxDecoder(configuration: configuration)
        return try decoder.decode(utterances: count) { index in Self.pcm(try samples(index)) }
    }

    private static func pcm(_ samples: [Float]) -> [Int16] {
        samples.map { sample -> Int16 in
            Int16((max(-1, min(1, sample)) * 32767).rounded())
        }
    }
}
