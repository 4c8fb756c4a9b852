/// The process exit status of one `savvy` invocation.
///
/// savvy uses three codes (documented in the README): 0 success, 1 failure (bad input file,
/// engine or database problem), 64 bad invocation (`EX_USAGE` from sysexits.h).
public struct ExitStatus: Equatable, Sendable, CustomStringConvertible {
    public let code: Int32

    public init(code: Int32) { self.code = code }

    public static let success = ExitStatus(code: 0)
    public static let failure = ExitStatus(code: 1)
    public static let usage = ExitStatus(code: 64)

    public var description: String { "exit \(code)" }
}
