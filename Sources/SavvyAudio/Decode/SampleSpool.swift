import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An anonymous temporary file of Float32 samples: appended once while decoding, then read back
/// by range.
///
/// Created 0600 by mkstemp and unlinked at once, so the samples (the user's speech) are visible
/// to no one else and vanish with the descriptor however the process ends. Reads use `pread`,
/// so concurrent readers do not share a file position, and a reader may read what is already
/// written while the decoder appends more (``BackgroundDecode``): `count` is kept under a lock.
final class SampleSpool: @unchecked Sendable {
    private let descriptor: Int32
    /// The recording the samples came from, for messages.
    let path: String
    let folder: String
    private let lock = NSLock()
    private var written = 0
    /// Samples appended so far.
    var count: Int { lock.withLock { written } }

    init(path: String, folder: String) throws(AudioError) {
        self.path = path
        self.folder = folder
        var template = Array((folder + "/savvy-samples-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .spoolFailed(path: path, folder: folder, detail: String(cString: strerror(errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// Appends `samples` at the end.
    func append(_ samples: [Float]) throws(AudioError) {
        let count = self.count
        let byteCount = samples.count * MemoryLayout<Float>.size
        let failure: Int32? = samples.withUnsafeBytes { raw in
            var offset = 0
            while offset < byteCount {
                let written = pwrite(descriptor, raw.baseAddress! + offset, byteCount - offset,
                                     off_t(count * MemoryLayout<Float>.size + offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .spoolFailed(path: path, folder: folder, detail: String(cString: strerror(failure))) }
        lock.withLock { written += samples.count }
    }

    /// Samples `range` (within `0..<count`).
    func read(_ range: Range<Int>) throws(AudioError) -> [Float] {
        let count = self.count
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "spool read \(range) outside 0..<\(count)")
        var out = [Float](repeating: 0, count: range.count)
        let byteCount = range.count * MemoryLayout<Float>.size
        let failure: String? = out.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < byteCount {
                let got = pread(descriptor, raw.baseAddress! + offset, byteCount - offset,
                                off_t(range.lowerBound * MemoryLayout<Float>.size + offset))
                if got < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                if got == 0 { return "the temporary file ended early" }
                offset += got
            }
            return nil
        }
        if let failure { throw .spoolFailed(path: path, folder: folder, detail: failure) }
        return out
    }
}
