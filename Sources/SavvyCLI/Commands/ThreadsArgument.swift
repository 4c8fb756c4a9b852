import Foundation

/// `--threads N` (or `SAVVY_THREADS`): how many threads the delivery analysis (pitch and CPPS) may use.
/// The result is the same, byte for byte, for every value; only the speed changes.
enum ThreadsArgument {
    static let flag = FlagSpec("threads", value: "N",
                               help: "analysis threads (pitch and CPPS); the numbers are identical for any N; SAVVY_THREADS sets a default",
                               default: "all cores")
    static let environmentVariable = "SAVVY_THREADS"
    static let range = 1...256

    /// The flag's value, else the environment's, else `nil` (one thread per core, shared among
    /// `jobs` files scored at a time so that `score --jobs 2` does not ask for twice the cores).
    static func threads(_ context: CommandContext, jobs: Int = 1) throws -> Int? {
        // `has` first: the flag's declared default ("all cores") is help text, not a number
        if context.arguments.has("threads"), let threads = try context.arguments.int("threads", in: range) {
            return threads
        }
        if let raw = context.environment[environmentVariable], !raw.isEmpty {
            guard let threads = Int(raw), range.contains(threads) else {
                throw UsageError("\(environmentVariable) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(raw)'",
                                 command: context.arguments.command.name)
            }
            return threads
        }
        guard jobs > 1 else { return nil }
        return max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
    }
}
