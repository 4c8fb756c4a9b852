@preconcurrency import Glibc

/// Path calls used in several places, on raw paths, so a folder whose name is not UTF-8 keeps
/// working: a temporary file's name, a folder's entries, existence, `mkdir -p`, reading a whole
/// file, unlink and rename.
extension RawPath {
    /// `mkstemp(3)` on `template` (which ends in `XXXXXX`): the open descriptor and the file's
    /// path, or the `errno` of the failure.
    public static func makeTemporaryFile(template: String) -> Result<(descriptor: Int32, path: String), Errno> {
        var bytes = bytes(of: template).map { CChar(bitPattern: $0) }
        bytes.append(0)
        let fd = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .failure(Errno(code: errno)) }
        return .success((fd, decode(bytes.dropLast().map { UInt8(bitPattern: $0) })))
    }

    /// The names in the folder at `path` (not `.` and `..`), or nil when it cannot be read.
    public static func directoryEntries(at path: String) -> [String]? {
        guard let directory = withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { decode(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `unlink(2)` of a raw path; 0 or -1 with `errno` set.
    @discardableResult
    public static func unlink(_ path: String) -> Int32 {
        withCString(path) { Glibc.unlink($0) }
    }

    /// `rename(2)` between raw paths; 0 or -1 with `errno` set.
    public static func rename(_ source: String, to destination: String) -> Int32 {
        withCString(source) { from in withCString(destination) { Glibc.rename(from, $0) } }
    }

    /// Whether something exists at `path` (a link counts by what it points at).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return withCString(path) { stat($0, &info) } == 0
    }

    /// Whether `path` is a folder (or a link to one).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return withCString(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `mkdir -p`: creates `path` and any missing parents. A part of the path that exists but is
    /// not a folder fails with ENOTDIR.
    public static func makeDirectories(_ path: String, mode: mode_t = 0o755) throws(Errno) {
        var info = stat()
        if withCString(path, { stat($0, &info) }) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw Errno(code: ENOTDIR) }
            return
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]), mode: mode)
        }
        if withCString(path, { mkdir($0, mode) }) != 0, errno != EEXIST { throw Errno(code: errno) }
    }

    /// The whole file at `path`.
    public static func contents(of path: String) throws(Errno) -> [UInt8] {
        let fd = withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw Errno(code: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Errno(code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// A failed call's `errno`.
    public struct Errno: Error, Sendable {
        public let code: Int32
    }
}
