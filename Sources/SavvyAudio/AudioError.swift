import Foundation

/// Every failure SavvyAudio reports: reading and decoding files, resampling, writing WAV, and
/// capturing from ALSA.
///
/// Cases carry the path or device and the underlying library's message; `errorDescription` is a
/// single lower-case line naming the file or device and saying what to do next, so the CLI can
/// print it as-is after `savvy: error: `.
public enum AudioError: Error, Equatable, Sendable {
    /// The path does not exist (or a parent component is not a directory).
    case fileNotFound(path: String)
    /// The path names a directory, not an audio file.
    case isDirectory(path: String)
    /// The process may not read the file.
    case permissionDenied(path: String)
    /// libsndfile does not recognise the content (a text file named `.wav`, an mp3, …).
    case unsupportedFormat(path: String, detail: String)
    /// The header promises more audio than the file holds, or the decoder stopped early.
    case truncated(path: String, declaredFrames: Int64, readableFrames: Int64)
    /// The file exists but holds no samples (0 bytes, or a header with 0 frames).
    case empty(path: String)
    /// The audio is longer than the configured limit (seconds).
    case tooLong(path: String, seconds: Double, limit: Double)
    /// libsoxr could not be created or failed while converting the sample rate.
    case resamplerFailed(path: String, fromRate: Int, toRate: Int, detail: String)
    /// libsndfile reported an error while reading samples.
    case readFailed(path: String, detail: String)
    /// A WAV file could not be created, written, synced or renamed into place.
    case writeFailed(path: String, detail: String)
    /// The decoded samples of `path` could not be kept in (or read back from) the private
    /// temporary file in `folder`.
    case spoolFailed(path: String, folder: String, detail: String)
    /// A parameter is outside its valid range (the rule is stated in `rule`).
    case invalidParameter(name: String, value: String, rule: String)
    /// ALSA has no PCM with this name, or no sound card behind it.
    case captureDeviceNotFound(device: String, detail: String)
    /// Another program holds the capture device exclusively.
    case captureDeviceBusy(device: String)
    /// The process may not open the capture device (not in the `audio` group, sandboxed…).
    case capturePermissionDenied(device: String)
    /// An in-process ALSA configuration string could not be parsed.
    case captureConfigInvalid(detail: String)
    /// The device opened but could not be configured, started or read.
    case captureFailed(device: String, detail: String)
    /// ALSA has no playback PCM with this name, or no sound card behind it.
    case playbackDeviceNotFound(device: String, detail: String)
    /// Another program holds the playback device exclusively.
    case playbackDeviceBusy(device: String)
    /// The playback device opened (or not) but could not be configured or written.
    case playbackFailed(device: String, detail: String)
}

extension AudioError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .fileNotFound(let path):
            return "cannot read '\(path)': no such file; check the path and try again"
        case .isDirectory(let path):
            return "cannot read '\(path)': it is a directory; pass an audio file inside it"
        case .permissionDenied(let path):
            return "cannot read '\(path)': permission denied; check the file's permissions (chmod u+r)"
        case .unsupportedFormat(let path, let detail):
            return "cannot read '\(path)': not an audio file or an unsupported format "
                + "(libsndfile: \(Self.clean(detail))); convert it to wav, flac or ogg"
        case .truncated(let path, let declared, let readable):
            return "cannot read '\(path)': truncated or corrupt audio (the header declares "
                + "\(declared) frames, only \(readable) could be read); re-export or re-record the file"
        case .empty(let path):
            return "cannot read '\(path)': the file holds no audio (0 frames); record or export it again"
        case .tooLong(let path, let seconds, let limit):
            return "cannot read '\(path)': \(Self.duration(seconds)) of audio is longer than the "
                + "\(Self.duration(limit)) limit; trim or split the file"
        case .resamplerFailed(let path, let from, let to, let detail):
            return "cannot resample '\(path)' from \(from) hz to \(to) hz (soxr: \(Self.clean(detail))); "
                + "convert it to 16 khz mono wav first (sox in.wav -r 16000 -c 1 out.wav)"
        case .readFailed(let path, let detail):
            return "cannot read '\(path)': decoding failed (libsndfile: \(Self.clean(detail))); "
                + "re-export the file as wav or flac"
        case .writeFailed(let path, let detail):
            return "cannot write '\(path)': \(Self.clean(detail)); check free disk space and that the folder is writable"
        case .spoolFailed(let path, let folder, let detail):
            return "cannot decode '\(path)': its samples could not be kept in a temporary file in '\(folder)' "
                + "(\(Self.clean(detail))); free disk space there or set TMPDIR to a folder with room"
        case .invalidParameter(let name, let value, let rule):
            return "invalid \(name) (\(value)): \(rule)"
        case .captureDeviceNotFound(let device, let detail):
            return "cannot open capture device '\(device)': no such device (alsa: \(Self.clean(detail))); "
                + "list devices with 'arecord -L' and pass one with --device"
        case .captureDeviceBusy(let device):
            return "cannot open capture device '\(device)': it is busy; close the other program "
                + "recording from it, or use 'default' to share it through pulseaudio/pipewire"
        case .capturePermissionDenied(let device):
            return "cannot open capture device '\(device)': permission denied; add your user to the "
                + "'audio' group or allow microphone access, then log in again"
        case .captureConfigInvalid(let detail):
            return "cannot parse the alsa configuration (\(Self.clean(detail))); check its syntax "
                + "against the alsa-lib pcm plugin documentation"
        case .captureFailed(let device, let detail):
            return "capture from '\(device)' failed (alsa: \(Self.clean(detail))); "
                + "check the device with 'arecord -D \(device) -f S16_LE -r 16000 -c 1 -d 1 /dev/null'"
        case .playbackDeviceNotFound(let device, let detail):
            return "cannot open output device '\(device)': no such device (alsa: \(Self.clean(detail))); "
                + "list devices with 'aplay -L' and pass one with --output-device"
        case .playbackDeviceBusy(let device):
            return "cannot open output device '\(device)': it is busy; close the other program "
                + "playing through it, or use 'default' to share it through pulseaudio/pipewire"
        case .playbackFailed(let device, let detail):
            return "playback on '\(device)' failed (alsa: \(Self.clean(detail))); "
                + "check the device with 'speaker-test -D \(device) -c 1 -l 1'"
        }
    }

    /// Library messages start upper-case and end with a period ("Format not recognised.");
    /// the house style wants one lower-case line, so both are normalised here.
    private static func clean(_ detail: String) -> String {
        var text = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix(".") { text.removeLast() }
        text = text.replacingOccurrences(of: "\n", with: " ")
        return text.lowercased()
    }

    /// Formats seconds as "1 h 05 min", "4 min 10 s" or "12.5 s" for the too-long message.
    private static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total >= 3600 {
            let minutes = (total % 3600) / 60
            return minutes == 0 ? "\(total / 3600) h" : "\(total / 3600) h \(String(format: "%02d", minutes)) min"
        }
        if total >= 60 {
            return "\(total / 60) min \(total % 60) s"
        }
        return String(format: "%.1f s", seconds)
    }
}

extension AudioError {
    /// Maps a negative errno returned by `snd_pcm_open` to the case that tells the user what to
    /// try. ALSA returns `-ENOENT` for an unknown PCM name and for a card that is not present,
    /// `-EBUSY` when another client holds a `hw:` device, `-EACCES`/`-EPERM` for device-node
    /// permissions.
    static func captureOpen(device: String, code: Int32, detail: String) -> AudioError {
        switch -code {
        case ENOENT, ENODEV, ENXIO: return .captureDeviceNotFound(device: device, detail: detail)
        case EBUSY, EAGAIN: return .captureDeviceBusy(device: device)
        case EACCES, EPERM: return .capturePermissionDenied(device: device)
        default: return .captureFailed(device: device, detail: detail)
        }
    }

    /// As `captureOpen`, for a playback PCM. Permission problems read as a failure with ALSA's
    /// own words: the fix (the `audio` group) is the same and rarely needed for output.
    static func playbackOpen(device: String, code: Int32, detail: String) -> AudioError {
        switch -code {
        case ENOENT, ENODEV, ENXIO: return .playbackDeviceNotFound(device: device, detail: detail)
        case EBUSY, EAGAIN: return .playbackDeviceBusy(device: device)
        default: return .playbackFailed(device: device, detail: detail)
        }
    }
}
