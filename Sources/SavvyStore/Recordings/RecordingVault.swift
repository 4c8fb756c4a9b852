@preconcurrency import Glibc
import Foundation
import SavvyCoach
import SavvyFileSystem

/// The recordings folder: audio copied in atomically and named by content.
///
/// A file is copied to a temporary name in the same directory while its SHA-256 is computed,
/// `fsync`ed, renamed to `<first 16 hex digits of sha256>-<sanitised source name>`, and the
/// directory is `fsync`ed so the rename itself survives a crash. A reader therefore sees either
/// no file or the whole file, never a prefix. The same audio imported twice is stored once.
public struct RecordingVault: Sendable {
    /// The data directory stored paths are relative to (the directory holding the database).
    public let dataDirectory: URL
    /// The recordings directory inside it.
    public let directory: URL

    /// Hex digits of the SHA-256 that prefix a stored file's name: 64 bits, so two different
    /// recordings with the same source name collide with negligible probability.
    static let hashPrefixLength = 16
    /// The copy buffer size in bytes.
    private static let chunkSize = 1 << 20
    /// Prefix of in-flight temporary files; the leading dot keeps them out of casual listings.
    static let temporaryPrefix = ".incoming-"

    /// The vault for `location`. Does not touch the disk.
    public init(location: DataLocation) {
        dataDirectory = location.databaseURL.deletingLastPathComponent()
        directory = location.recordingsURL
    }

    /// The absolute URL of a stored path such as `recordings/0123abcd…-answer.wav`.
    public func url(for relativePath: String) -> URL {
        dataDirectory.appendingPathComponent(relativePath)
    }

    /// Checks that the stored file exists and still has the SHA-256 `sha256`.
    ///
    /// - Returns: the file's URL, ready to decode.
    /// - Throws: `StoreError.recordingMissing`, `.recordingChanged`, or `.cannotReadRecording`.
    @discardableResult
    public func verify(relativePath: String, sha256: String) throws -> URL {
        let url = url(for: relativePath)
        let found: String
        do throws(POSIXFailure) {
            found = try RecordingVault.sha256(ofFileAt: url.path).hex
        } catch let failure {
            if failure.errno == ENOENT { throw StoreError.recordingMissing(path: url.path) }
            throw StoreError.cannotReadRecording(path: url.path, reason: failure.reason)
        }
        guard found == sha256 else {
            throw StoreError.recordingChanged(path: url.path, expected: sha256, found: found)
        }
        return url
    }

    /// The SHA-256 (lower-case hex) and size of the file at `path`.
    /// Only a regular file is read (ENODEV otherwise): a recording replaced by a link to
    /// `/dev/zero` or by a FIFO must fail, not hash forever or wait for a writer.
    static func sha256(ofFileAt path: String) throws(POSIXFailure) -> (hex: String, bytes: Int64) {
        let file = try POSIXFile(path: path, flags: O_RDONLY | O_NONBLOCK)
        var info = stat()
        guard fstat(file.descriptor, &info) == 0 else { throw POSIXFailure(errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw POSIXFailure(errno: ENODEV) }
        var hasher = SHA256()
        var total: Int64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try file.read(into: buffer)
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
        return (SHA256.hexEncoded(hasher.finalize()), total)
    }

    /// A file now safely in the vault.
    struct Imported {
        /// Path relative to the data directory, as stored in `sessions.audio_path`.
        let relativePath: String
        /// SHA-256 of the bytes, lower-case hex.
        let sha256: String
        /// Size in bytes.
        let bytes: Int64
        /// True when this call created the file; false when identical audio was already there.
        let created: Bool
    }

    /// Copies `source` into the vault atomically and durably.
    ///
    /// - Throws: `StoreError.diskFull` when the recordings file system fills up (the partial
    ///   temporary file is removed), `StoreError.cannotStoreRecording` otherwise.
    /// - Parameter readPath: where to read the bytes when not `source` itself (a snapshot of it).
    func importFile(at source: URL, readingFrom readPath: String? = nil) throws -> Imported {
        let input: POSIXFile
        do throws(POSIXFailure) {
            // O_NONBLOCK: a FIFO must be refused below, not waited on here.
            input = try POSIXFile(path: readPath ?? source.path, flags: O_RDONLY | O_NONBLOCK)
        } catch let failure {
            throw StoreError.cannotStoreRecording(source: source.path, reason: failure.reason)
        }
        var info = stat()
        guard fstat(input.descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.cannotStoreRecording(source: source.path, reason: "not a regular file")
        }

        let fd: Int32, temporaryPath: String
        switch RawPath.makeTemporaryFile(template: directory.path + "/" + RecordingVault.temporaryPrefix + "XXXXXX") {
        case .success(let made): (fd, temporaryPath) = made
        case .failure(let failure): throw destinationError(POSIXFailure(errno: failure.code), source: source)
        }
        let output = POSIXFile(owning: fd)
        var renamed = false
        defer {
            if !renamed { RawPath.unlink(temporaryPath) }
        }

        var hasher = SHA256()
        var total: Int64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: RecordingVault.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do throws(POSIXFailure) {
                count = try input.read(into: buffer)
            } catch let failure {
                throw StoreError.cannotStoreRecording(source: source.path, reason: failure.reason)
            }
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            hasher.update(chunk)
            total += Int64(count)
            do throws(POSIXFailure) {
                try output.writeAll(chunk)
            } catch let failure {
                throw destinationError(failure, source: source)
            }
        }
        do throws(POSIXFailure) {
            try output.sync()
        } catch let failure {
            throw destinationError(failure, source: source)
        }
        let sha = SHA256.hexEncoded(hasher.finalize())

        let name = RecordingVault.storedName(sha256: sha, sourceName: source.lastPathComponent)
        for candidate in [name, RecordingVault.storedName(sha256: sha, sourceName: source.lastPathComponent, fullHash: true)] {
            let finalPath = directory.appendingPathComponent(candidate).path
            let relativePath = DataLocation.recordingsDirectoryName + "/" + candidate
            if let existing = try? RecordingVault.sha256(ofFileAt: finalPath) {
                // Identical audio is already stored: keep that copy and drop ours. Its time is
                // refreshed so the orphan sweep treats it as young until this session commits.
                if existing.hex == sha {
                    RawPath.withCString(finalPath) { _ = utimes($0, nil) }
                    return Imported(relativePath: relativePath, sha256: sha, bytes: total, created: false)
                }
                // A different file holds the short name (damaged or a prefix collision): try the full hash.
                if candidate == name { continue }
            }
            guard RawPath.rename(temporaryPath, to: finalPath) == 0 else {
                throw destinationError(POSIXFailure(errno: errno), source: source)
            }
            renamed = true
            do throws(POSIXFailure) {
                try RecordingVault.syncDirectory(directory.path)
            } catch let failure {
                RawPath.unlink(finalPath)
                throw destinationError(failure, source: source)
            }
            return Imported(relativePath: relativePath, sha256: sha, bytes: total, created: true)
        }
        // Unreachable: the full-hash candidate either matches or is replaced by rename.
        throw StoreError.cannotStoreRecording(source: source.path, reason: "no free name in '\(directory.path)'")
    }

    /// A file in the recordings folder: its stored path, size and modification time.
    struct StoredFile {
        let relativePath: String
        let bytes: Int64
        let modified: Date
    }

    /// Every finished recording in the folder (temporary copies excluded).
    func storedFiles() -> [StoredFile] {
        guard let names = RawPath.directoryEntries(at: directory.path) else { return [] }
        return names.sorted().filter { !$0.hasPrefix(RecordingVault.temporaryPrefix) }.compactMap {
            storedFile(relativePath: DataLocation.recordingsDirectoryName + "/" + $0)
        }
    }

    /// The regular file at `relativePath`, or nil.
    func storedFile(relativePath: String) -> StoredFile? {
        var info = stat()
        guard RawPath.withCString(url(for: relativePath).path, { lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return StoredFile(relativePath: relativePath, bytes: Int64(info.st_size), modified: Date(timeIntervalSince1970: modified))
    }

    /// Whether a stored file is present.
    func exists(relativePath: String) -> Bool {
        storedFile(relativePath: relativePath) != nil
    }

    /// Removes a stored file; a file already gone is not an error.
    func remove(relativePath: String) throws(POSIXFailure) {
        guard RawPath.unlink(url(for: relativePath).path) == 0 || errno == ENOENT else {
            throw POSIXFailure(errno: errno)
        }
    }

    /// Removes temporary files left by an import that crashed before its rename.
    ///
    /// Only files older than `age` seconds go: a younger one may belong to another savvy copying
    /// right now, and deleting it would make that import fail.
    ///
    /// - Returns: how many files were removed.
    @discardableResult
    func removeStaleTemporaryFiles(olderThan age: TimeInterval, now: Date) -> Int {
        guard let names = RawPath.directoryEntries(at: directory.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(RecordingVault.temporaryPrefix) {
            let path = directory.appendingPathComponent(name).path
            var info = stat()
            guard RawPath.withCString(path, { stat($0, &info) }) == 0 else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if now.timeIntervalSince1970 - modified > age, RawPath.unlink(path) == 0 {
                removed += 1
            }
        }
        return removed
    }

    /// `<sha prefix>-<name>` with the name reduced to `[A-Za-z0-9._-]`, no leading dot, ≤ 80 bytes.
    static func storedName(sha256: String, sourceName: String, fullHash: Bool = false) -> String {
        var cleaned = String(
            sourceName.unicodeScalars.map { scalar -> Character in
                let allowed = scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
                return allowed ? Character(scalar) : "_"
            })
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        if cleaned.count > 80 { cleaned = String(cleaned.suffix(80)) }
        if cleaned.isEmpty { cleaned = "audio" }
        let prefix = fullHash ? sha256 : String(sha256.prefix(hashPrefixLength))
        return prefix + "-" + cleaned
    }

    /// `fsync` on a directory makes a rename inside it durable (the file's own fsync does not).
    private static func syncDirectory(_ path: String) throws(POSIXFailure) {
        let directory = try POSIXFile(path: path, flags: O_RDONLY | O_DIRECTORY)
        try directory.sync()
    }

    private func destinationError(_ failure: POSIXFailure, source: URL) -> StoreError {
        if failure.isDiskFull { return .diskFull(path: directory.path) }
        return .cannotStoreRecording(source: source.path, reason: "cannot write into '\(directory.path)': \(failure.reason)")
    }
}
