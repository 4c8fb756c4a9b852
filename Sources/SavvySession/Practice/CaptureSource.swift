import Foundation
import SavvyAudio

/// Where a practice recording's audio comes from.
public enum CaptureSource: Sendable, Equatable {
    /// An ALSA PCM from the system configuration (`default`, `plughw:1,0`, a name from
    /// `arecord -L`).
    case device(String)
    /// PCM `pcmName` defined in an in-process ALSA configuration string (the `file` plugin
    /// reading a raw fixture, for tests and demos without a sound card).
    ///
    /// `realtime` sleeps one block's duration after handling each block. ALSA's `file` plugin
    /// over a `null` slave does not pace reads (8.9 s of audio arrives in about 40 ms), so
    /// without it Enter or Ctrl-C could not land mid-recording; a real device paces itself and
    /// never needs it.
    case configuration(String, pcmName: String, realtime: Bool)

    /// Opens the capture PCM with one-block FIFO: `PracticeRecorder` consumes every block in the
    /// capture callback, so the drainable FIFO is not used.
    public func open(blockFrames: Int) throws(AudioError) -> AudioCapture {
        let bufferSeconds = Double(blockFrames) / Double(AudioFile.targetSampleRate)
        switch self {
        case .device(let name):
            return try AudioCapture(device: name, blockFrames: blockFrames, bufferSeconds: bufferSeconds)
        case .configuration(let text, let pcmName, _):
            return try AudioCapture(configuration: text, pcmName: pcmName, blockFrames: blockFrames, bufferSeconds: bufferSeconds)
        }
    }

    /// Whether block handling must be slowed to real time (see `configuration`).
    public var needsPacing: Bool {
        if case .configuration(_, _, let realtime) = self { return realtime }
        return false
    }
}
