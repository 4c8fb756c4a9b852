import Foundation

/// A mistake in how savvy was invoked. Always exit 64, with the usage line and a pointer to help.
public struct UsageError: Error, LocalizedError, Equatable {
    public let message: String
    /// The command whose usage to show, if known.
    public let command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var errorDescription: String? { message }
}
