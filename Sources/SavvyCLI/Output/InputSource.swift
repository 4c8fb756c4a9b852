@preconcurrency import Glibc
import Foundation

/// Where a command reads a typed answer from: standard input for the binary, a script in tests.
public protocol InputSource: Sendable {
    /// Whether a person can answer (decides whether `delete` asks before deleting).
    var isTerminal: Bool { get }
    /// One line without its newline, or nil at end of input.
    func readLine() -> String?
}

/// Standard input (file descriptor 0).
public struct StandardInput: InputSource {
    public init() {}

    public var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    public func readLine() -> String? { Swift.readLine(strippingNewline: true) }
}
