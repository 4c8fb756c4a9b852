@preconcurrency import Glibc
import Foundation

/// The result of running the built `savvy` binary on a pseudo-terminal: what the terminal
/// showed (stdout and stderr together, as on a screen, carriage returns and escape codes kept)
/// and the exit code.
///
/// stdin, stdout and stderr are all the terminal, so savvy sees a terminal everywhere (colour,
/// the live status line, Enter watching). Nothing is typed: stdin stays open and empty, so
/// neither Enter nor Ctrl-D stops a recording.
public struct TerminalRun: Sendable {
    public let screen: String
    public let exitCode: Int32

    /// Runs `savvy` with `arguments` on a new pseudo-terminal `columns` wide, with the same
    /// minimal environment as `BinaryRun` plus `environment`.
    public static func savvy(_ arguments: [String], environment: [String: String] = [:], columns: UInt16 = 160,
                             binary: String = PackagePaths.savvyBinary) throws -> TerminalRun {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openpty failed: errno \(errno)"])
        }
        defer { close(master) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = BinaryRun.minimalEnvironment(merging: environment)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        // Only the child keeps the terminal open, so reading ends (EIO) when it exits.
        try terminal.close()
        var screen = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                screen.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        process.waitUntilExit()
        return TerminalRun(screen: String(decoding: screen, as: UTF8.self), exitCode: process.terminationStatus)
    }

    /// The screen's lines as they were drawn: split at carriage returns and newlines, so each
    /// redraw of a self-overwriting status line is one element.
    public var drawnLines: [String] {
        screen.split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }).map(String.init)
    }

    /// `drawnLines` without escape sequences (colour, erase): the text a reader sees.
    public var plainLines: [String] {
        drawnLines.map { line in
            line.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
        }
    }
}
