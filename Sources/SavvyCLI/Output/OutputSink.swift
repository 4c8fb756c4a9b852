@preconcurrency import Glibc
import Foundation
import SavvyStore

/// Where a command writes text: a file descriptor for the real binary, a buffer in tests.
///
/// The library never prints directly; everything goes through a sink so that every command can
/// be run in-process and its stdout and stderr checked separately.
public protocol OutputSink: AnyObject, Sendable {
    func write(_ text: String)
    /// Writes UTF-8 text already in bytes, for output made a chunk at a time (`history --json`
    /// over many sessions), so no `String` has to be built around each chunk.
    func write(bytes: [UInt8])
    /// Whether this sink is an interactive terminal (decides colour and progress bars).
    var isTerminal: Bool { get }
    /// Terminal width in columns, when known.
    var columns: Int? { get }
    /// True once a write failed because the reader went away (`savvy history | head`).
    var isBroken: Bool { get }
    /// Why a write failed for any other reason (`savvy history > /dev/full`: "disk full"), or nil.
    /// Such output is lost, so the command fails.
    var writeFailure: String? { get }
}

extension OutputSink {
    public var writeFailure: String? { nil }

    public func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }
}

/// A sink over a file descriptor (1 or 2).
///
/// SIGPIPE is ignored by `main`, so a closed reader shows up as `EPIPE`: the sink then drops
/// everything after it and reports `isBroken`, and the command ends quietly. Any other failed
/// write (a full disk) is kept in `writeFailure` and makes the command fail.
public final class FileDescriptorSink: OutputSink, @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var broken = false
    private var failure: String?

    public init(fd: Int32) { self.fd = fd }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(raw: UnsafeRawBufferPointer($0)) }
    }

    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write(raw: $0) }
    }

    private func write(raw bytes: UnsafeRawBufferPointer) {
        lock.lock()
        defer { lock.unlock() }
        guard !broken, failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE {
                    broken = true
                } else {
                    failure = DataLocation.describe(errno: errno)
                }
                return
            }
            offset += n
        }
    }

    public var isTerminal: Bool { isatty(fd) == 1 }

    public var columns: Int? {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return nil
    }

    public var isBroken: Bool {
        lock.lock()
        defer { lock.unlock() }
        return broken
    }

    public var writeFailure: String? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }
}

/// An in-memory sink for tests; can pretend to be a terminal of a given width.
public final class BufferSink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    public let isTerminal: Bool
    public let columns: Int?

    public init(isTerminal: Bool = false, columns: Int? = nil) {
        self.isTerminal = isTerminal
        self.columns = columns
    }

    public func write(_ text: String) {
        lock.lock()
        buffer += text
        lock.unlock()
    }

    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }

    public var isBroken: Bool { false }
}
