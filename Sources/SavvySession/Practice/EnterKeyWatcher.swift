@preconcurrency import Glibc
import Foundation

/// Watches an input descriptor (stdin) on its own thread and calls back once when Enter is
/// pressed.
///
/// Only a terminal or a pipe/socket is watched. Those are the inputs a person (or a script
/// such as `(sleep 30; echo) | savvy practice`) can press Enter on. Anything else — `/dev/null`,
/// a regular file, a closed descriptor, which is what CI and cron give a process — is not read
/// at all, because it would answer "end of file" immediately and no one could mean that as
/// "stop".
///
/// End of file stops the recording only on a terminal (Ctrl-D at the start of a line is a
/// keypress). On a pipe, end of file just ends the watch: a script that closes stdin without
/// sending a newline has not asked to stop, so Ctrl-C, `--max` and the silence auto-stop still
/// apply.
///
/// The thread polls with a 50 ms timeout instead of blocking in `read`, so `stop()` can end it
/// without closing the caller's stdin.
final class EnterKeyWatcher: @unchecked Sendable {
    /// What kind of input a descriptor is, for deciding whether to watch it.
    enum InputKind: Equatable {
        case terminal
        case pipe
        /// `/dev/null`, a regular file, a closed or invalid descriptor.
        case unwatchable
    }

    private let descriptor: Int32
    private let kind: InputKind
    private let lock = NSLock()
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    /// Classifies `descriptor` with `fstat` and `isatty`.
    static func kind(of descriptor: Int32) -> InputKind {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unwatchable }
        if isatty(descriptor) == 1 { return .terminal }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK ? .pipe : .unwatchable
    }

    /// Starts watching, or returns `nil` when `descriptor` is not a terminal or a pipe.
    ///
    /// On a terminal, keys typed before the recording started (an extra Enter at the prompt)
    /// are discarded first, so they cannot stop it at once.
    init?(descriptor: Int32, onEnter: @escaping @Sendable () -> Void) {
        let kind = Self.kind(of: descriptor)
        guard kind != .unwatchable else { return nil }
        self.descriptor = descriptor
        self.kind = kind
        if kind == .terminal {
            tcflush(descriptor, TCIFLUSH)
        }
        let thread = Thread { [self] in
            self.watch(onEnter: onEnter)
            self.finished.signal()
        }
        thread.name = "savvy.enter-key"
        thread.start()
    }

    /// Ends the watch and waits (≤ 50 ms) for the thread to finish. Calling it again does nothing.
    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
        }
        if first { finished.wait() }
    }

    private var shouldStop: Bool { lock.withLock { stopping } }

    private func watch(onEnter: @Sendable () -> Void) {
        var bytes = [UInt8](repeating: 0, count: 256)
        while !shouldStop {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 50)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 { continue }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            if count == 0 {
                if kind == .terminal { onEnter() }
                return
            }
            if bytes[0..<count].contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                onEnter()
                return
            }
        }
    }
}
