@preconcurrency import Glibc
import Foundation
import SavvyStore
import SavvyFileSystem

/// Writes a file savvy produces (a TextGrid, a WebVTT, a transcript) without ever replacing
/// something that is not a plain file of the user's.
///
/// `-` means standard output. Otherwise the text goes to a temporary file in the same folder,
/// is `fsync`ed and renamed over the target, so a reader sees the old file or the whole new one.
/// The rename happens only when the target is missing or a writable regular file: a symbolic
/// link, a FIFO, a device, a socket, a folder or a read-only file is refused with one line
/// (renaming over a link would silently replace the link; opening a FIFO or a device would block
/// or write somewhere else; root may write a 0444 file, but its owner said not to).
enum OutputFile {
    /// The argument that means "standard output".
    static let standardOutput = "-"

    /// Why `path` cannot be written, or nil when it can. Touches nothing; `score` calls it
    /// before any work so a bad `--transcript-out` costs no scoring and saves no session.
    static func problem(at path: String) -> String? {
        if path == standardOutput { return nil }
        if path.isEmpty { return "the path is empty" }
        var info = stat()
        if RawPath.withCString(path, { lstat($0, &info) }) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if info.st_mode & 0o222 == 0 { return "it is a read-only file, which savvy does not replace" }
                return nil
            case S_IFLNK: return "it is a symbolic link, which savvy does not replace"
            case S_IFDIR: return "it is a folder"
            case S_IFIFO: return "it is a FIFO (named pipe), which savvy does not write into"
            case S_IFCHR, S_IFBLK: return "it is a device, which savvy does not write into"
            case S_IFSOCK: return "it is a socket"
            default: return "it is not a regular file"
            }
        }
        if errno != ENOENT { return DataLocation.describe(errno: errno) }
        let folder = (path as NSString).deletingLastPathComponent
        let parent = folder.isEmpty ? "." : folder
        var folderInfo = stat()
        guard RawPath.withCString(parent, { stat($0, &folderInfo) }) == 0 else {
            return errno == ENOENT ? "the folder '\(parent)' does not exist" : DataLocation.describe(errno: errno)
        }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else { return "'\(parent)' is not a folder" }
        return nil
    }

    /// Writes `text` to `path` (or to `stdout` for `-`).
    ///
    /// - Throws: `CLIError.cannotWrite` naming the path and the reason; nothing is left behind.
    static func write(_ text: String, to path: String, stdout: any OutputSink) throws {
        if path == standardOutput {
            stdout.write(text)
            return
        }
        if let problem = problem(at: path) { throw CLIError.cannotWrite(path: path, reason: problem) }
        var existing = stat()
        let replacing = RawPath.withCString(path, { lstat($0, &existing) }) == 0
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).savvy-\(UUID().uuidString.lowercased()).tmp"
        // 0666 minus the umask for a new file, like any editor; a replaced file keeps its mode.
        let fd = RawPath.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666) }
        guard fd >= 0 else { throw CLIError.cannotWrite(path: path, reason: DataLocation.describe(errno: errno)) }
        var committed = false
        defer { if !committed { RawPath.unlink(temporary) } }
        var failure: Int32?
        if replacing, fchmod(fd, existing.st_mode & 0o7777) != 0 { failure = errno }
        if failure == nil { failure = writeAll(Array(text.utf8), to: fd) }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, RawPath.rename(temporary, to: path) != 0 { failure = errno }
        if let failure { throw CLIError.cannotWrite(path: path, reason: DataLocation.describe(errno: failure)) }
        committed = true
    }

    /// Writes every byte, retrying short writes and EINTR; returns the errno of a failure.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }
}
