import CALSA
import Foundation

/// Owns one ALSA PCM — capture or playback — (and, when opened from a configuration string, the
/// parsed configuration tree it was opened from), configured for 16-bit mono interleaved I/O.
///
/// `snd_pcm_set_params` is asked to allow software resampling, so on a plug-based PCM such as
/// `default` ALSA converts from whatever the card delivers (48 kHz stereo, S32…) to S16_LE mono
/// at the requested rate.
final class ALSAPCM {
    private let handle: OpaquePointer
    private let configuration: OpaquePointer?
    let device: String
    let stream: snd_pcm_stream_t

    /// alsa-lib prints its own diagnostics to stderr unless a handler is installed; savvy's
    /// library never prints, so the handler is replaced once per process before the first open.
    private static let silenced: Int32 = savvy_alsa_silence_errors()

    /// Opens a PCM from the system configuration (`default`, `hw:1,0`, `plughw:1`, …).
    init(device: String, stream: snd_pcm_stream_t = SND_PCM_STREAM_CAPTURE) throws(AudioError) {
        _ = Self.silenced
        var pcm: OpaquePointer?
        let status = snd_pcm_open(&pcm, device, stream, 0)
        guard status == 0, let pcm else {
            throw Self.openError(device: device, stream: stream, code: status)
        }
        self.handle = pcm
        self.configuration = nil
        self.device = device
        self.stream = stream
    }

    /// Opens PCM `name` defined in `configurationText` (alsa.conf syntax), without reading or
    /// changing the system configuration. The text is the only configuration the PCM sees, so
    /// slaves must be defined inline (`slave.pcm { type null }`, not `slave.pcm "null"`).
    init(configurationText: String, name: String, stream: snd_pcm_stream_t = SND_PCM_STREAM_CAPTURE) throws(AudioError) {
        _ = Self.silenced
        var top: OpaquePointer?
        var status = snd_config_top(&top)
        guard status == 0, let top else {
            throw .captureConfigInvalid(detail: String(cString: snd_strerror(status)))
        }
        var input: OpaquePointer?
        let bytes = Array(configurationText.utf8)
        status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                snd_input_buffer_open(&input, chars.baseAddress, chars.count)
            }
        }
        guard status == 0, let input else {
            snd_config_delete(top)
            throw .captureConfigInvalid(detail: String(cString: snd_strerror(status)))
        }
        status = snd_config_load(top, input)
        snd_input_close(input)
        if status != 0 {
            snd_config_delete(top)
            throw .captureConfigInvalid(detail: String(cString: snd_strerror(status)))
        }
        var pcm: OpaquePointer?
        status = snd_pcm_open_lconf(&pcm, name, stream, 0, top)
        guard status == 0, let pcm else {
            snd_config_delete(top)
            throw Self.openError(device: name, stream: stream, code: status)
        }
        self.handle = pcm
        self.configuration = top
        self.device = name
        self.stream = stream
    }

    private static func openError(device: String, stream: snd_pcm_stream_t, code: Int32) -> AudioError {
        let detail = String(cString: snd_strerror(code))
        return stream == SND_PCM_STREAM_PLAYBACK
            ? AudioError.playbackOpen(device: device, code: code, detail: detail)
            : AudioError.captureOpen(device: device, code: code, detail: detail)
    }

    /// The failure of a configured PCM, named for its direction.
    private func failed(_ detail: String) -> AudioError {
        stream == SND_PCM_STREAM_PLAYBACK ? .playbackFailed(device: device, detail: detail) : .captureFailed(device: device, detail: detail)
    }

    deinit {
        snd_pcm_close(handle)
        if let configuration {
            snd_config_delete(configuration)
        }
    }

    /// Sets S16_LE, interleaved, `channels` at `sampleRate` Hz with a ring of `latencyMicroseconds`.
    func configure(sampleRate: Int, channels: Int, latencyMicroseconds: Int) throws(AudioError) {
        let status = snd_pcm_set_params(
            handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
            UInt32(channels), UInt32(sampleRate), 1, UInt32(latencyMicroseconds)
        )
        if status != 0 {
            let direction = stream == SND_PCM_STREAM_PLAYBACK ? "playback" : "capture"
            throw failed("cannot set 16-bit \(channels)-channel \(sampleRate) hz \(direction): \(String(cString: snd_strerror(status)))")
        }
    }

    /// Puts the PCM back into the prepared state so a new capture can start.
    func prepare() throws(AudioError) {
        let status = snd_pcm_prepare(handle)
        if status != 0 {
            throw failed(String(cString: snd_strerror(status)))
        }
    }

    /// Stops the PCM immediately, discarding frames not yet read.
    func drop() {
        snd_pcm_drop(handle)
    }

    /// Blocks until `frames` frames are read into `buffer` or an error occurs.
    ///
    /// An overrun (-EPIPE: the reader was too slow and ALSA's ring overflowed) or a
    /// suspend/resume (-ESTRPIPE) is recovered with `snd_pcm_recover` and reported through
    /// `overrun` so the caller can count it; the audio lost in the gap is gone.
    /// - Returns: frames read (may be fewer than asked at a recovery point).
    func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int, overrun: inout Bool) throws(AudioError) -> Int {
        while true {
            let got = snd_pcm_readi(handle, buffer, snd_pcm_uframes_t(frames))
            if got >= 0 { return Int(got) }
            let code = Int32(got)
            if code == -EINTR { continue }
            if code == -EPIPE || code == -ESTRPIPE {
                overrun = true
                let recovered = snd_pcm_recover(handle, code, 1)
                if recovered == 0 { continue }
                throw .captureFailed(device: device, detail: String(cString: snd_strerror(recovered)))
            }
            throw .captureFailed(device: device, detail: String(cString: snd_strerror(code)))
        }
    }

    /// Blocks until every frame of `samples` is handed to ALSA.
    ///
    /// An underrun (-EPIPE: the writer was late and the device ran dry, heard as a click) or a
    /// suspend (-ESTRPIPE) is recovered with `snd_pcm_recover` and writing goes on.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) {
        var offset = 0
        while offset < samples.count {
            let wrote = snd_pcm_writei(handle, samples.baseAddress! + offset, snd_pcm_uframes_t(samples.count - offset))
            if wrote >= 0 {
                offset += Int(wrote)
                continue
            }
            let code = Int32(wrote)
            if code == -EINTR { continue }
            if code == -EPIPE || code == -ESTRPIPE {
                let recovered = snd_pcm_recover(handle, code, 1)
                if recovered == 0 { continue }
                throw failed(String(cString: snd_strerror(recovered)))
            }
            throw failed(String(cString: snd_strerror(code)))
        }
    }

    /// Blocks until the frames written so far have been played.
    func drain() throws(AudioError) {
        let status = snd_pcm_drain(handle)
        if status != 0 && status != -EPIPE {
            throw failed(String(cString: snd_strerror(status)))
        }
    }
}
