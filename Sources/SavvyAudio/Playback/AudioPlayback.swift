import CALSA
import Foundation

/// Plays mono audio through an ALSA playback PCM, blocking until it has been heard.
///
/// The PCM is opened and configured in `init`, so a missing or busy output device is reported
/// before anything is synthesised. Every clip is resampled (libsoxr, as for decoding) to
/// `outputRate` and written as 16-bit mono; on desktops `default` goes through
/// PulseAudio/PipeWire and ALSA's plug layer converts to what the card wants.
///
/// One `AudioPlayback` can play many clips in turn (the interview keeps one open for all its
/// questions): each `play` writes the clip and drains, then prepares the PCM for the next, so
/// clips never overlap and the caller knows the speaker has gone quiet when `play` returns.
public final class AudioPlayback: @unchecked Sendable {
    /// The PCM used when no device is given.
    public static let defaultDevice = "default"
    /// Samples per second written to ALSA, in Hz. 48 kHz is what sound cards and desktop sound
    /// servers run natively, so the plug layer has nothing left to convert.
    public static let outputRate = 48_000

    private let pcm: ALSAPCM
    private let lock = NSLock()

    /// The ALSA PCM name this playback writes to.
    public var device: String { pcm.device }

    /// Opens playback PCM `device` from the system ALSA configuration.
    /// - Throws: `playbackDeviceNotFound`, `playbackDeviceBusy`, `playbackFailed`.
    public convenience init(device: String = defaultDevice) throws(AudioError) {
        try self.init(pcm: ALSAPCM(device: device, stream: SND_PCM_STREAM_PLAYBACK))
    }

    /// Opens playback PCM `pcmName` defined in an in-process ALSA configuration string. Tests use
    /// it with the `file` plugin, so what would have been heard lands in a file:
    ///
    ///     pcm.savvyout { type file; slave.pcm { type null }; file "/path/out.wav"; format "wav" }
    ///
    /// - Throws: `captureConfigInvalid` when the text does not parse, then as `init(device:)`.
    public convenience init(configuration: String, pcmName: String) throws(AudioError) {
        try self.init(pcm: ALSAPCM(configurationText: configuration, name: pcmName, stream: SND_PCM_STREAM_PLAYBACK))
    }

    private init(pcm: ALSAPCM) throws(AudioError) {
        // A 200 ms ring: short enough that draining ends soon after the last word, long enough
        // that a busy machine does not underrun between writes.
        try pcm.configure(sampleRate: Self.outputRate, channels: 1, latencyMicroseconds: 200_000)
        self.pcm = pcm
    }

    /// Plays `samples` (mono, −1…1, at `sampleRate` Hz) and returns once they have been played.
    /// - Throws: `invalidParameter` for a non-positive rate, `resamplerFailed`, `playbackFailed`.
    public func play(_ samples: [Float], sampleRate: Int) throws(AudioError) {
        guard sampleRate > 0 else {
            throw .invalidParameter(name: "playback sample rate", value: "\(sampleRate) Hz", rule: "must be a positive number of hertz")
        }
        let converted = try Self.resample(samples, from: sampleRate, device: pcm.device)
        let codes = converted.map { Int16((max(-1, min(1, $0)) * 32_767).rounded()) }
        lock.lock()
        defer { lock.unlock() }
        try pcm.prepare()
        try codes.withUnsafeBufferPointer { buffer throws(AudioError) in try pcm.write(buffer) }
        try pcm.drain()
    }

    /// `samples` at `outputRate`; unchanged when already there.
    static func resample(_ samples: [Float], from rate: Int, device: String) throws(AudioError) -> [Float] {
        guard rate != outputRate, !samples.isEmpty else { return samples }
        let resampler = try Resampler(path: "speech for \(device)", inputRate: rate, outputRate: outputRate)
        var output: [Float] = []
        output.reserveCapacity(samples.count * outputRate / rate + 64)
        try samples.withUnsafeBufferPointer { buffer throws(AudioError) in
            try resampler.process(buffer, appendingTo: &output)
        }
        try resampler.flush(appendingTo: &output)
        return output
    }
}
