import SavvyAudio

/// A voice and the ALSA output it is heard through.
///
/// `say` returns once the audio has been played (ALSA drained), which is what lets the
/// interview start recording only after the coach has stopped talking, so the coach's own voice
/// is never recorded as the answer.
public final class Speaker: @unchecked Sendable {
    public let voice: any Voice
    private let output: AudioPlayback

    public init(voice: any Voice, output: AudioPlayback) {
        self.voice = voice
        self.output = output
    }

    /// The output device's ALSA name.
    public var device: String { output.device }

    /// Synthesises `text` and plays it; returns the audio that was played.
    @discardableResult
    public func say(_ text: String) throws -> SpokenAudio {
        let audio = try voice.synthesize(text)
        try output.play(audio.samples, sampleRate: audio.sampleRate)
        return audio
    }
}
