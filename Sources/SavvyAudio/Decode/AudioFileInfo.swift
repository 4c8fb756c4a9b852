/// What a decoded file was before conversion: its container, encoding and native layout.
///
/// Kept next to the 16 kHz samples so a stored session can say what the user handed in
/// ("FLAC, 44100 Hz, 2 channels, 37.2 s") and so `rescore` can notice a different file.
public struct AudioFileInfo: Sendable, Equatable {
    /// The path as given to `AudioFile.load`.
    public let path: String
    /// The container as libsndfile names it, e.g. "WAV (Microsoft)", "FLAC (Free Lossless Audio Codec)".
    public let formatName: String
    /// The sample encoding as libsndfile names it, e.g. "Signed 16 bit PCM", "Vorbis".
    public let encodingName: String
    /// The file's own sample rate in Hz (frames per second).
    public let sampleRate: Int
    /// Interleaved channels in the file (1 = mono, 2 = stereo…).
    public let channels: Int
    /// Frames per channel in the file.
    public let frames: Int64

    /// Length in seconds at the file's own rate (`frames / sampleRate`).
    public var durationSeconds: Double {
        Double(frames) / Double(sampleRate)
    }

    public init(path: String, formatName: String, encodingName: String, sampleRate: Int, channels: Int, frames: Int64) {
        self.path = path
        self.formatName = formatName
        self.encodingName = encodingName
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
    }
}
