import Foundation

/// Reads any file libsndfile understands (WAV, FLAC, Ogg Vorbis/Opus, AIFF, …, any rate, any
/// channel count) into savvy's analysis format: 16 kHz mono Float32 in −1…1.
///
/// The file is streamed in blocks of `blockFrames` frames: each block is downmixed and pushed
/// through one soxr stream, so an hour of 48 kHz stereo never needs a source-sized buffer.
/// `load` holds the 16 kHz mono result in memory; `decode` keeps it in a private temporary file
/// read back by range, so a long recording needs no memory in proportion to its length. Both
/// give the same, bit-identical samples for the same file (one code path, fixed summation
/// order, single-threaded soxr).
public enum AudioFile {
    /// The sample rate of every `DecodedAudio`, in Hz.
    public static let targetSampleRate = 16_000

    /// The default limit on input length: 3 hours, in seconds. Longer files are almost always a
    /// mistake (a whole meeting, a stuck recorder) and would hold ~690 MB of samples.
    public static let defaultMaxDuration: Double = 3 * 3600

    /// Frames read per libsndfile call (64 Ki frames ≈ 1.4 s at 48 kHz).
    static let blockFrames = 65_536

    /// Decodes `path` to 16 kHz mono.
    ///
    /// Channels are downmixed by averaging (left + right) / 2 so a mono source duplicated to
    /// stereo keeps its level; rates other than 16 kHz go through soxr at `SOXR_HQ`, a 16 kHz
    /// file is copied without resampling. Output is clamped to −1…1: float files may exceed
    /// full scale and resampling overshoots near clipped peaks.
    ///
    /// - Parameters:
    ///   - path: file to read.
    ///   - maxDuration: refuse files longer than this many seconds (checked from the header,
    ///     before decoding); `nil` means no limit.
    /// - Throws: `AudioError` — missing file, directory, permission, unsupported format, empty,
    ///   truncated/corrupt data, too long, or a resampler failure.
    ///   - displayPath: the name to use in errors and in the result's `source.path` when `path`
    ///     is a stand-in for it (savvy decodes a private snapshot of the user's file, opened as
    ///     `/proc/self/fd/N`, but messages must name the file the user gave).
    public static func load(path readPath: String, displayPath: String? = nil,
                            maxDuration: Double? = defaultMaxDuration) throws(AudioError) -> DecodedAudio {
        var samples: [Float] = []
        let info = try stream(path: readPath, displayPath: displayPath, maxDuration: maxDuration,
                              expectedSamples: { samples.reserveCapacity($0) }, into: { block throws(AudioError) in
            samples.append(contentsOf: block)
        })
        return DecodedAudio(samples: samples, sampleRate: targetSampleRate, source: info)
    }

    /// Decodes `path` to 16 kHz mono like `load`, into a private temporary file in `folder`
    /// (created 0600 and unlinked at once, so it is gone however the process ends) instead of
    /// memory. Throws what `load` throws, and `AudioError.spoolFailed` when the folder has no room.
    public static func decode(path readPath: String, displayPath: String? = nil,
                              maxDuration: Double? = defaultMaxDuration,
                              folder: String = FileManager.default.temporaryDirectory.path) throws(AudioError) -> DecodedAudioFile {
        let path = displayPath ?? readPath
        let spool = try SampleSpool(path: path, folder: folder)
        let info = try stream(path: readPath, displayPath: displayPath, maxDuration: maxDuration,
                              expectedSamples: { _ in }, into: { block throws(AudioError) in try spool.append(block) })
        return DecodedAudioFile(spool: spool, source: info)
    }

    /// The decode both `load` and `decode` run: hands each block of clamped 16 kHz mono samples
    /// to `sink` in order and returns the file's description.
    private static func stream(path readPath: String, displayPath: String?, maxDuration: Double?,
                               expectedSamples: (Int) -> Void,
                               into sink: ([Float]) throws(AudioError) -> Void) throws(AudioError) -> AudioFileInfo {
        let prepared = try prepare(path: readPath, displayPath: displayPath, maxDuration: maxDuration)
        expectedSamples(prepared.expectedSampleCount)
        try prepared.pump(into: sink)
        return prepared.info
    }

    /// Opens `readPath` and checks its header — missing, unreadable, not audio, truncated,
    /// empty, too long — before a sample is decoded; the result decodes it with
    /// ``PreparedDecode/pump(into:)``.
    static func prepare(path readPath: String, displayPath: String?, maxDuration: Double?) throws(AudioError) -> PreparedDecode {
        let path = displayPath ?? readPath
        let reader = try SndfileReader(path: readPath, displayPath: path)
        let info = reader.info
        if let shortfall = reader.declaredDataShortfall() {
            throw .truncated(
                path: path, declaredFrames: reader.frames(inDataBytes: shortfall.declaredBytes, actualBytes: shortfall.actualBytes),
                readableFrames: info.frames
            )
        }
        if info.frames <= 0 {
            throw .empty(path: path)
        }
        guard info.sampleRate > 0, info.channels > 0 else {
            throw .unsupportedFormat(path: path, detail: "header reports \(info.sampleRate) hz, \(info.channels) channels")
        }
        if let maxDuration, info.durationSeconds > maxDuration {
            throw .tooLong(path: path, seconds: info.durationSeconds, limit: maxDuration)
        }
        let resampler: Resampler? = info.sampleRate == targetSampleRate
            ? nil
            : try Resampler(path: path, inputRate: info.sampleRate, outputRate: targetSampleRate)
        return PreparedDecode(path: path, reader: reader, resampler: resampler)
    }

    /// An opened file whose header passed the checks, ready to decode once, on any one thread
    /// (it is handed to ``BackgroundDecode``'s thread and used only there).
    final class PreparedDecode: @unchecked Sendable {
        let path: String
        let info: AudioFileInfo
        private let reader: SndfileReader
        private let resampler: Resampler?

        init(path: String, reader: SndfileReader, resampler: Resampler?) {
            self.path = path
            self.info = reader.info
            self.reader = reader
            self.resampler = resampler
        }

        /// The number of 16 kHz samples ``pump(into:)`` gives when the header's frame count is
        /// right: that count at 16 kHz, else round(frames × 16000 / rate), half up — soxr's
        /// output length (measured against soxr itself for 390 lengths and block sizes at 13
        /// rates, among them 7999 Hz and 37.8 kHz; `BackgroundDecodeTests` checks 63). A header
        /// can be wrong about its frames: the decode then stops short and fails, or gives more.
        var expectedSampleCount: Int {
            guard info.sampleRate != AudioFile.targetSampleRate else { return Int(info.frames) }
            let exact = Double(info.frames) * Double(AudioFile.targetSampleRate) / Double(info.sampleRate)
            return Int((exact + 0.5).rounded(.down))
        }

        /// Decodes the whole file, handing each block of clamped 16 kHz mono samples to `sink`
        /// in order. Call once.
        func pump(into sink: ([Float]) throws(AudioError) -> Void) throws(AudioError) {
            let channels = info.channels
            var output: [Float] = []
            output.reserveCapacity(AudioFile.blockFrames + 4096)
            var interleaved = [Float](repeating: 0, count: AudioFile.blockFrames * channels)
            var mono = [Float](repeating: 0, count: AudioFile.blockFrames)
            var framesRead: Int64 = 0

            while true {
                let got: Int
                do {
                    got = try interleaved.withUnsafeMutableBufferPointer { buffer throws(AudioError) in
                        try reader.read(into: buffer.baseAddress!, frames: AudioFile.blockFrames)
                    }
                } catch {
                    // A decoder error before the declared end ("flac decoder lost sync") is what a
                    // cut or damaged compressed file looks like; say so rather than echo the codec.
                    if framesRead < info.frames {
                        throw .truncated(path: path, declaredFrames: info.frames, readableFrames: framesRead)
                    }
                    throw error
                }
                if got == 0 { break }
                framesRead += Int64(got)
                AudioFile.downmix(interleaved, channels: channels, frames: got, into: &mono)
                if let resampler {
                    try mono.withUnsafeBufferPointer { block throws(AudioError) in
                        try resampler.process(UnsafeBufferPointer(rebasing: block[0..<got]), appendingTo: &output)
                    }
                } else {
                    output.append(contentsOf: mono[0..<got])
                }
                AudioFile.clamp(&output)
                try sink(output)
                output.removeAll(keepingCapacity: true)
            }
            // libsndfile returns fewer frames than the header promised when compressed data ends
            // early (a cut FLAC or Ogg): the decoder just stops without setting an error.
            if framesRead < info.frames {
                throw .truncated(path: path, declaredFrames: info.frames, readableFrames: framesRead)
            }
            if let resampler {
                try resampler.flush(appendingTo: &output)
                AudioFile.clamp(&output)
                try sink(output)
            }
        }
    }

    /// Averages interleaved channels into `mono[0..<frames]`, summing channel 0, 1, … in order
    /// so the result does not depend on SIMD width or thread count.
    static func downmix(_ interleaved: [Float], channels: Int, frames: Int, into mono: inout [Float]) {
        if channels == 1 {
            for index in 0..<frames { mono[index] = interleaved[index] }
            return
        }
        let scale = 1 / Float(channels)
        for frame in 0..<frames {
            let base = frame * channels
            var sum: Float = 0
            for channel in 0..<channels { sum += interleaved[base + channel] }
            mono[frame] = sum * scale
        }
    }

    fileprivate static func clamp(_ samples: inout [Float]) {
        for index in samples.indices {
            samples[index] = min(1, max(-1, samples[index]))
        }
    }
}
