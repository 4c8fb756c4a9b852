import Foundation

/// Typed answers given in advance, optionally pretending to be a terminal (for tests of
/// questions such as `delete`'s confirmation).
public final class ScriptedInput: InputSource, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]
    public let isTerminal: Bool

    public init(lines: [String], isTerminal: Bool) {
        self.lines = lines
        self.isTerminal = isTerminal
    }

    public func readLine() -> String? {
        lock.withLock { lines.isEmpty ? nil : lines.removeFirst() }
    }
}
