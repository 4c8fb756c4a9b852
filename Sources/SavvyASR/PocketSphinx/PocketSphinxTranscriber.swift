import CPocketSphinx
import Foundation

/// Speech recognition with CMU pocketsphinx (Debian's 0.8+5prealpha, linked directly).
///
/// Always available on a Debian install with `pocketsphinx-en-us`; about 27 % WER on read
/// LibriVox sentences, so prefer Whisper when it is installed. Word confidences are best-path
/// posteriors (right words ≈ 0.8, wrong ≈ 0.4), which the pronunciation figure is built from.
///
/// Loading a decoder takes 0.5–0.9 s, so the decoders are kept: a call takes an idle one (loading
/// one only when every decoder is busy on another thread) and hands it back when done, so one
/// transcriber kept by a batch worker loads the models once for all its files, and concurrent
/// callers never share a decoder. A kept decoder gives exactly what a fresh one gives (see
/// `PocketSphinxDecoder.reset`). Decoders live as long as the transcriber, or until
/// `releaseDecoders()`.
public final class PocketSphinxTranscriber: Transcriber, @unchecked Sendable {
    public let engineID = "pocketsphinx"
    /// The configuration every decoder is built with.
    public let configuration: PocketSphinxConfiguration
    /// The only sample rate the acoustic model accepts, in Hz.
    public static let sampleRate = 16_000
    /// Longest stretch decoded as one utterance where a recording is cut (the second opinion),
    /// seconds: see `transcribe(stretches:sampleRate:samples:)`.
    public static let longestUtteranceSeconds = 60.0

    /// Guards `idle`; a decoder taken out of it is used by one thread only.
    private let lock = NSLock()
    private var idle: [PocketSphinxDecoder] = []

    /// Checks that the model files exist; throws `TranscriptionError.modelMissing` otherwise.
    /// No model is loaded until the first call.
    public init(configuration: PocketSphinxConfiguration = PocketSphinxConfiguration()) throws {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Frees the decoders no call is using (about 150 MB each, more after a long utterance); the
    /// next call loads one again. For a caller with no more audio to decode soon, so the memory is
    /// not held through the rest of its work.
    public func releaseDecoders() {
        lock.lock()
        var released = idle
        idle.removeAll()
        lock.unlock()
        guard !released.isEmpty else { return }
        // Freed here, outside the lock.
        released.removeAll()
        // A decoder is thousands of small blocks on glibc's heap; freed, they are free memory
        // *inside* the heap, which glibc keeps resident (it gives back only a free top of the
        // heap). Whatever is allocated next (the sentence encoder's arrays, 87 MB) would then
        // land on top of it. malloc_trim hands every free page back, in every arena.
        malloc_trim(0)
    }

    /// Runs `body` with a decoder no other thread is using, and keeps it for the next call. A
    /// decoder whose use failed is dropped rather than trusted again.
    private func withDecoder<T>(_ body: (PocketSphinxDecoder) throws -> T) throws -> T {
        lock.lock()
        let kept = idle.popLast()
        lock.unlock()
        let decoder = try kept ?? PocketSphinxDecoder(configuration: configuration)
        let result = try body(decoder)
        lock.lock()
        idle.append(decoder)
        lock.unlock()
        return result
    }

    /// Transcribes 16 kHz mono samples in −1…1 (values outside are clipped).
    public func transcribe(samples: [Float], sampleRate: Int) throws -> Transcript {
        guard sampleRate == Self.sampleRate else {
            throw TranscriptionError.unsupportedSampleRate(engine: engineID, got: sampleRate, expected: Self.sampleRate)
        }
        guard !samples.isEmpty else { throw TranscriptionError.emptyAudio(engine: engineID) }
        let pcm = Self.pcm(samples)
        let words = try withDecoder { try $0.decode(pcm) }
        return Transcript(words: words, engine: engineID, model: configuration.modelID)
    }

    /// Transcribes `count` consecutive stretches of one recording, each from `samples(index)`
    /// (16 kHz, −1…1), as utterances of one decoder, and returns each stretch's words on its own
    /// clock (an empty stretch has none).
    ///
    /// For recordings too long to decode as one utterance: the search's memory grows with the
    /// utterance (see `PocketSphinxDecoder.decode(utterances:samples:)`), so cutting a long
    /// recording into stretches of at most a minute bounds it. The same stretches always give the
    /// same words, because the decoder starts from the same state and sees them in the same order.
    public func transcribe(stretches count: Int, sampleRate: Int,
                           samples: (Int) throws -> [Float]) throws -> [[TranscriptWord]] {
        guard sampleRate == Self.sampleRate else {
            throw TranscriptionError.unsupportedSampleRate(engine: engineID, got: sampleRate, expected: Self.sampleRate)
        }
        guard count > 0 else { return [] }
        return try withDecoder { decoder in
            try decoder.decode(utterances: count) { index in Self.pcm(try samples(index)) }
        }
    }

    private static func pcm(_ samples: [Float]) -> [Int16] {
        samples.map { sample -> Int16 in
            Int16((max(-1, min(1, sample)) * 32767).rounded())
        }
    }
}
