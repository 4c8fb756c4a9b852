import CSndfile
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
import SavvyFileSystem
#endif

/// Writes a mono WAV file block by block, keeping it a valid, readable WAV after every block.
///
/// Used for recordings: if savvy is killed (Ctrl-C, a crash, a closed terminal) the file on disk
/// still has correct RIFF and data sizes up to the last appended block, because libsndfile is
/// asked to rewrite the header after every write (`SFC_SET_UPDATE_HEADER_AUTO`). libsndfile writes
/// with plain `write(2)` calls, so data already appended is in the kernel and survives the
/// process dying; `finish()` additionally `fsync`s it for power loss.
///
/// The writer owns the file descriptor and the libsndfile handle; `deinit` closes both if
/// `finish()` was never called (the file is then valid but not fsynced).
public final class WAVWriter {
    /// How samples are stored in the file.
    public enum Encoding: Sendable {
        /// Signed 16-bit PCM: half the size of float and what every player reads. Input is
        /// clipped to −1…1 (libsndfile's clipping mode) instead of wrapping around.
        case pcm16
        /// IEEE 32-bit float: lossless for savvy's Float samples.
        case float32
    }

    /// The file being written.
    public let path: String
    /// Samples per second written into the header, in Hz.
    public let sampleRate: Int
    /// Frames (mono samples) appended so far.
    public private(set) var framesWritten: Int64 = 0

    private var handle: OpaquePointer?
    private var descriptor: Int32

    /// Creates (or truncates) `path` and writes an empty WAV header.
    ///
    /// - Parameters:
    ///   - path: destination file; its folder must exist.
    ///   - sampleRate: Hz, 1…384 000; defaults to savvy's analysis rate.
    ///   - encoding: `.pcm16` (default) or `.float32`.
    public init(path: String, sampleRate: Int = AudioFile.targetSampleRate, encoding: Encoding = .pcm16) throws(AudioError) {
        guard (1...384_000).contains(sampleRate) else {
            throw .invalidParameter(name: "sample rate", value: "\(sampleRate) hz", rule: "must be between 1 and 384000 hz")
        }
        self.path = path
        self.sampleRate = sampleRate
        let fd = RawPath.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        if fd < 0 {
            throw .writeFailed(path: path, detail: String(cString: strerror(errno)))
        }
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        // RF64 with auto-downgrade: a plain RIFF WAV unless the take passes 4 GB, where a RIFF
        // header's 32-bit sizes overflow; then libsndfile keeps it RF64 (EBU Tech 3306).
        info.format = Int32(SF_FORMAT_RF64) | (encoding == .pcm16 ? Int32(SF_FORMAT_PCM_16) : Int32(SF_FORMAT_FLOAT))
        guard let opened = sf_open_fd(fd, Int32(SFM_WRITE), &info, 0) else {
            let message = String(cString: sf_strerror(nil))
            close(fd)
            throw .writeFailed(path: path, detail: message)
        }
        handle = opened
        descriptor = fd
        sf_command(opened, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE))
        sf_command(opened, Int32(SFC_SET_UPDATE_HEADER_AUTO), nil, Int32(SF_TRUE))
        sf_command(opened, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
    }

    deinit {
        if let handle {
            sf_close(handle)
            close(descriptor)
        }
    }

    /// Appends mono samples (nominally −1…1) and updates the header so the file is complete
    /// up to here.
    public func append(_ samples: [Float]) throws(AudioError) {
        guard let handle else {
            throw .writeFailed(path: path, detail: "the writer is already finished")
        }
        if samples.isEmpty { return }
        let written = samples.withUnsafeBufferPointer { buffer in
            sf_writef_float(handle, buffer.baseAddress, sf_count_t(buffer.count))
        }
        if written != sf_count_t(samples.count) {
            let message = sf_error(handle) != 0 ? String(cString: sf_strerror(handle)) : "short write"
            throw .writeFailed(path: path, detail: message)
        }
        framesWritten += Int64(written)
    }

    /// Closes the WAV, then `fsync`s and closes the file so it is on stable storage.
    /// Calling it again does nothing.
    public func finish() throws(AudioError) {
        guard let handle else { return }
        self.handle = nil
        let status = sf_close(handle)
        let synced = fsync(descriptor) == 0 ? 0 : errno
        close(descriptor)
        if status != 0 {
            throw .writeFailed(path: path, detail: String(cString: sf_error_number(status)))
        }
        if synced != 0 {
            throw .writeFailed(path: path, detail: String(cString: strerror(synced)))
        }
    }

    /// Writes `samples` as a complete WAV at `path` so that `path` is either the old file or the
    /// whole new one, never a half-written file.
    ///
    /// Writes a temporary file in the same folder (same file system, so `rename(2)` is atomic),
    /// `fsync`s it, renames it over `path`, then `fsync`s the folder so the rename itself is
    /// durable. The temporary file is removed on any failure.
    public static func writeAtomically(
        _ samples: [Float], to path: String, sampleRate: Int = AudioFile.targetSampleRate, encoding: Encoding = .pcm16
    ) throws(AudioError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".partial-\(getpid())-\(UUID().uuidString)"
        do throws(AudioError) {
            let writer = try WAVWriter(path: temporary, sampleRate: sampleRate, encoding: encoding)
            try writer.append(samples)
            try writer.finish()
        } catch {
            RawPath.unlink(temporary)
            // Name the file the caller asked for, not the hidden temporary.
            if case .writeFailed(_, let detail) = error {
                throw .writeFailed(path: path, detail: detail)
            }
            throw error
        }
        if RawPath.rename(temporary, to: path) != 0 {
            let message = String(cString: strerror(errno))
            RawPath.unlink(temporary)
            throw .writeFailed(path: path, detail: message)
        }
        let folderDescriptor = RawPath.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folderDescriptor >= 0 {
            let synced = fsync(folderDescriptor) == 0 ? 0 : errno
            close(folderDescriptor)
            if synced != 0 {
                throw .writeFailed(path: path, detail: "syncing the folder failed: \(String(cString: strerror(synced)))")
            }
        }
    }
}
