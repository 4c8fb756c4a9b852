import CSndfile
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
import SavvyFileSystem
#endif

/// Owns one open file descriptor and the libsndfile handle reading it.
///
/// The descriptor is opened by us (not by `sf_open`) so that a missing file, a directory, a
/// permission problem and a zero-byte file each get their own error before libsndfile, which
/// reports all of them as "format not recognised", ever sees the file. libsndfile is told not
/// to close the descriptor; `deinit` closes both in order.
final class SndfileReader {
    private let handle: OpaquePointer
    private let descriptor: Int32
    let path: String
    let info: AudioFileInfo
    /// The libsndfile encoding (`SF_FORMAT_PCM_16`, `SF_FORMAT_VORBIS`, …).
    private let subtype: Int32

    /// Opens `readPath`; errors and `info.path` name `displayPath` (the file the user gave).
    init(path readPath: String, displayPath: String? = nil) throws(AudioError) {
        let path = displayPath ?? readPath
        self.path = path
        let fd = RawPath.withCString(readPath) { open($0, O_RDONLY | O_CLOEXEC) }
        if fd < 0 {
            throw Self.openError(path: path, errno: errno)
        }
        var status = stat()
        if fstat(fd, &status) != 0 {
            let code = errno
            close(fd)
            throw Self.openError(path: path, errno: code)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw .isDirectory(path: path)
        }
        if (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0 {
            close(fd)
            throw .empty(path: path)
        }

        var sfInfo = SF_INFO()
        guard let opened = sf_open_fd(fd, Int32(SFM_READ), &sfInfo, 0) else {
            let code = sf_error(nil)
            let message = String(cString: sf_strerror(nil))
            close(fd)
            if code == Int32(SF_ERR_SYSTEM) {
                throw .readFailed(path: path, detail: message)
            }
            throw .unsupportedFormat(path: path, detail: message)
        }
        handle = opened
        descriptor = fd
        subtype = sfInfo.format & Int32(SF_FORMAT_SUBMASK)
        info = AudioFileInfo(
            path: path,
            formatName: Self.formatName(opened, format: sfInfo.format & Int32(SF_FORMAT_TYPEMASK), command: Int32(SFC_GET_FORMAT_INFO)),
            encodingName: Self.formatName(opened, format: sfInfo.format & Int32(SF_FORMAT_SUBMASK), command: Int32(SFC_GET_FORMAT_INFO)),
            sampleRate: Int(sfInfo.samplerate),
            channels: Int(sfInfo.channels),
            frames: Int64(sfInfo.frames)
        )
    }

    deinit {
        sf_close(handle)
        close(descriptor)
    }

    /// Reads up to `frames` interleaved frames as floats normalised to −1…1 by libsndfile.
    /// Returns the number of frames read; 0 means end of data.
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws(AudioError) -> Int {
        let got = sf_readf_float(handle, buffer, sf_count_t(frames))
        let code = sf_error(handle)
        if code != Int32(SF_ERR_NO_ERROR) {
            throw .readFailed(path: path, detail: String(cString: sf_strerror(handle)))
        }
        return Int(got)
    }

    /// The data-chunk size the header declares, in bytes, when it is larger than what the file
    /// holds; `nil` when the header agrees with the file.
    ///
    /// libsndfile silently shortens a WAV/AIFF whose data chunk runs past the end of the file
    /// (so `frames` already matches what is readable) and only records the mismatch in its log
    /// as "data : 32000 (should be 10000)". That log line is the one place the truncation is
    /// visible, so it is parsed here. Sizes of 0x7FFFF000 and above are the placeholders that
    /// streaming writers (arecord, sox to a pipe) leave when they never learn the length; such
    /// files are complete, not truncated.
    func declaredDataShortfall() -> (declaredBytes: Int64, actualBytes: Int64)? {
        var log = [CChar](repeating: 0, count: 16_384)
        let length = log.withUnsafeMutableBytes { raw in
            sf_command(handle, Int32(SFC_GET_LOG_INFO), raw.baseAddress, Int32(raw.count))
        }
        guard length > 0 else { return nil }
        let text = log.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("data") || trimmed.hasPrefix("SSND"), trimmed.contains("(should be") else {
                continue
            }
            let numbers = trimmed.split(whereSeparator: { !$0.isNumber }).compactMap { Int64($0) }
            guard numbers.count >= 2 else { continue }
            let declared = numbers[numbers.count - 2]
            let actual = numbers[numbers.count - 1]
            if declared > actual && declared < 0x7FFF_F000 {
                return (declared, actual)
            }
        }
        return nil
    }

    /// Converts a data-chunk size in bytes to frames using the sample width of the file's
    /// encoding; for encodings without a fixed width (ADPCM, GSM…) it scales the readable frame
    /// count by the byte ratio, which is exact for constant-bit-rate blocks.
    func frames(inDataBytes bytes: Int64, actualBytes: Int64) -> Int64 {
        let width: Int64?
        switch subtype {
        case Int32(SF_FORMAT_PCM_S8), Int32(SF_FORMAT_PCM_U8), Int32(SF_FORMAT_ULAW), Int32(SF_FORMAT_ALAW): width = 1
        case Int32(SF_FORMAT_PCM_16): width = 2
        case Int32(SF_FORMAT_PCM_24): width = 3
        case Int32(SF_FORMAT_PCM_32), Int32(SF_FORMAT_FLOAT): width = 4
        case Int32(SF_FORMAT_DOUBLE): width = 8
        default: width = nil
        }
        if let width {
            return bytes / (width * Int64(info.channels))
        }
        if actualBytes > 0 {
            return Int64((Double(info.frames) * Double(bytes) / Double(actualBytes)).rounded())
        }
        return 0
    }

    private static func formatName(_ handle: OpaquePointer, format: Int32, command: Int32) -> String {
        var formatInfo = SF_FORMAT_INFO()
        formatInfo.format = format
        let status = sf_command(handle, command, &formatInfo, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
        guard status == 0, let name = formatInfo.name else { return "unknown" }
        return String(cString: name)
    }

    private static func openError(path: String, errno code: Int32) -> AudioError {
        switch code {
        case ENOENT, ENOTDIR: return .fileNotFound(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        case EISDIR: return .isDirectory(path: path)
        default: return .readFailed(path: path, detail: String(cString: strerror(code)))
        }
    }
}
