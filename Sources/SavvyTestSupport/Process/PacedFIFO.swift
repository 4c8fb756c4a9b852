@preconcurrency import Glibc
import Foundation

/// A named pipe fed with raw 16 kHz mono S16_LE audio at real-time pace, for ALSA's `file`
/// plugin as `infile`: the capture then delivers audio as a microphone would, one 100 ms block
/// every 100 ms, so a live status line has something to draw.
///
/// Each block is one `write` of exactly 3 200 bytes: below `PIPE_BUF`, so it arrives whole, and
/// the size of the recorder's reads (1 600 frames), so the plugin never reads a partial block
/// (it would pad the rest of the read with the null slave's silence). The last block is padded
/// with zeros. Writing ends when the audio has been sent or the reader goes away.
public final class PacedFIFO: @unchecked Sendable {
    public static let blockBytes = 3_200
    public let path: String
    private let finished = DispatchSemaphore(value: 0)

    /// Creates the FIFO at `path` and starts feeding `samples` to the first reader that opens
    /// it, within `openTimeout` seconds.
    public init(path: String, samples: [Int16], openTimeout: Double = 60) throws {
        self.path = path
        unlink(path)
        guard mkfifo(path, 0o600) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mkfifo \(path) failed: errno \(errno)"])
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(samples.count * 2)
        for sample in samples {
            withUnsafeBytes(of: sample.littleEndian) { bytes.append(contentsOf: $0) }
        }
        let remainder = bytes.count % Self.blockBytes
        if remainder != 0 { bytes += [UInt8](repeating: 0, count: Self.blockBytes - remainder) }
        let padded = bytes
        let thread = Thread { [path, finished] in
            Self.feed(padded, to: path, openTimeout: openTimeout)
            finished.signal()
        }
        thread.name = "savvy-test.paced-fifo"
        thread.start()
    }

    /// Waits for the writer to finish (all sent, or the reader gone).
    public func wait() {
        finished.wait()
        finished.signal()
    }

    private static func feed(_ bytes: [UInt8], to path: String, openTimeout: Double) {
        // Non-blocking open fails with ENXIO until a reader has the FIFO open; polling keeps a
        // test from hanging when savvy never gets that far.
        let deadline = Date().addingTimeInterval(openTimeout)
        var descriptor: Int32 = -1
        while descriptor < 0 {
            descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { break }
            guard errno == ENXIO, Date() < deadline else { return }
            usleep(20_000)
        }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let start = DispatchTime.now().uptimeNanoseconds
        for (index, offset) in stride(from: 0, to: bytes.count, by: blockBytes).enumerated() {
            let due = start + UInt64(index) * 100_000_000
            let now = DispatchTime.now().uptimeNanoseconds
            if due > now { usleep(useconds_t((due - now) / 1_000)) }
            // MSG_NOSIGNAL is for sockets; a FIFO whose reader left raises SIGPIPE, which the
            // caller ignores, and the write fails with EPIPE.
            let wrote = bytes[offset..<(offset + blockBytes)].withUnsafeBytes { write(descriptor, $0.baseAddress, blockBytes) }
            if wrote != blockBytes { return }
        }
    }
}
