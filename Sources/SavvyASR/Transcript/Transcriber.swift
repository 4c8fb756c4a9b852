/// An on-device speech recogniser.
///
/// Implementations take 16 kHz mono Float32 samples in −1…1 and return words with times. They
/// must fail with a `TranscriptionError` rather than return an empty transcript for audio they
/// could not process; an empty transcript means the engine heard no words.
public protocol Transcriber: Sendable {
    var engineID: String { get }
    func transcribe(samples: [Float], sampleRate: Int) throws -> Transcript
}
