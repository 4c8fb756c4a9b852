@preconcurrency import Glibc
import SavvyFileSystem

/// An open file descriptor, closed in `deinit`.
///
/// The vault uses raw POSIX calls rather than `FileManager` because it needs `fsync` on the file
/// and its directory, and the exact `errno` (ENOSPC must become "disk full", not a generic error).
final class POSIXFile {
    /// The descriptor; valid until deinit.
    let descriptor: Int32

    /// Opens `path` with `open(2)` flags; throws the `errno` on failure.
    init(path: String, flags: Int32, mode: mode_t = 0o600) throws(POSIXFailure) {
        let fd = RawPath.withCString(path) { open($0, flags | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw POSIXFailure(errno: errno) }
        descriptor = fd
    }

    /// Takes ownership of an already-open descriptor (from `mkstemp`).
    init(owning descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `buffer.count` bytes; 0 at end of file. Retries on EINTR.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(POSIXFailure) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw POSIXFailure(errno: errno) }
        }
    }

    /// Writes all of `bytes`, looping over short writes. Retries on EINTR.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(POSIXFailure) {
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXFailure(errno: errno)
            }
            offset += count
        }
    }

    /// Flushes the file's data and metadata to the device.
    func sync() throws(POSIXFailure) {
        guard fsync(descriptor) == 0 else { throw POSIXFailure(errno: errno) }
    }
}

/// A failed POSIX call's `errno`.
struct POSIXFailure: Error {
    let errno: Int32

    /// Whether the failure means the file system is full.
    var isDiskFull: Bool { errno == ENOSPC || errno == EDQUOT }

    /// A short lower-case reason for messages.
    var reason: String { DataLocation.describe(errno: errno) }
}
