@preconcurrency import Glibc
import Foundation
import SavvyCoach
import SavvyStore
import SavvyFileSystem

/// One input recording's bytes, read exactly once: hashed, decoded and stored from the same
/// private copy.
///
/// Reading the user's file three times (hash, decode, copy into the vault) let a file replaced
/// in between (`mv b.wav a.wav` two seconds into scoring) be stored with b's audio and SHA-256
/// beside a's metrics. The snapshot opens the file once, refuses anything but a regular file
/// before any work (a FIFO would block or be consumed, `/dev/zero` never ends), and copies it
/// into an anonymous temporary file: created 0600 by mkstemp and unlinked at once, so it is invisible to
/// others and vanishes with the process however it ends. Everything after reads that copy
/// through `readPath` (`/proc/self/fd/N`).
public final class InputSnapshot: @unchecked Sendable {
    /// The path the user gave, for messages and the stored source name.
    public let sourcePath: String
    /// Where to read the snapshot's bytes (`/proc/self/fd/N`); valid while this object lives.
    public let readPath: String
    /// SHA-256 of the bytes, lower-case hex.
    public let sha256: String
    /// Size in bytes.
    public let bytes: Int64
    // Immutable after init; the descriptor is only closed in deinit.
    private let descriptor: Int32

    /// Copies the file at `path`.
    ///
    /// - Throws: `SessionError.notRegularFile` for a FIFO, device, socket or folder (before
    ///   reading a byte), `SessionError.cannotReadInput` when it cannot be opened or read.
    public init(path: String) throws {
        sourcePath = path
        // O_NONBLOCK: opening a FIFO must not wait for a writer before we can refuse it.
        let input = RawPath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard input >= 0 else {
            let code = errno
            // A socket cannot be opened at all (ENXIO): say what it is, as for a FIFO or a device.
            var info = stat()
            if RawPath.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw SessionError.notRegularFile(path: path, kind: Self.kind(info.st_mode))
            }
            throw Self.openError(path: path, errno: code)
        }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw SessionError.cannotReadInput(path: path, reason: Self.reason(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SessionError.notRegularFile(path: path, kind: Self.kind(info.st_mode))
        }
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) & ~O_NONBLOCK)

        let folder = FileManager.default.temporaryDirectory.path
        var template = Array((folder + "/savvy-input-XXXXXX").utf8CString)
        let copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard copy >= 0 else {
            throw SessionError.cannotReadInput(path: path, reason: "cannot make a private copy in '\(folder)': \(Self.reason(errno))")
        }
        // Unlinked at once: the copy lives only as this descriptor, so no exit path leaves it.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
        var hasher = SHA256()
        var total: Int64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        do {
            while true {
                let count = Glibc.read(input, buffer.baseAddress, buffer.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw SessionError.cannotReadInput(path: path, reason: Self.reason(errno))
                }
                if count == 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                hasher.update(chunk)
                total += Int64(count)
                var offset = 0
                while offset < count {
                    let written = Glibc.write(copy, chunk.baseAddress! + offset, count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw SessionError.cannotReadInput(
                            path: path, reason: "cannot make a private copy in '\(folder)': \(Self.reason(errno))")
                    }
                    offset += written
                }
            }
        } catch {
            close(copy)
            throw error
        }
        descriptor = copy
        readPath = "/proc/self/fd/\(copy)"
        sha256 = SHA256.hexEncoded(hasher.finalize())
        bytes = total
    }

    deinit {
        close(descriptor)
    }

    /// The file name the user gave (`answer.wav`), stored as the session's source name.
    public var sourceName: String { (sourcePath as NSString).lastPathComponent }

    private static func openError(path: String, errno code: Int32) -> SessionError {
        .cannotReadInput(path: path, reason: reason(code))
    }

    private static func reason(_ code: Int32) -> String {
        code == ENOENT ? "no such file" : DataLocation.describe(errno: code)
    }

    /// What a non-regular file is, for the message.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}
