import SavvyCoach

/// A drill named on the command line. An id that no drill has is a bad invocation (exit 64),
/// like any other flag value outside its choices; the message lists the ids that exist.
enum DrillArgument {
    /// The drill `id` names in `library`.
    static func drill(_ id: String, in library: DrillLibrary, command: String) throws -> Drill {
        try asUsage(command: command) { try library.drill(id: id) }
    }

    /// Runs `body`, turning an unknown-drill failure into a usage error. For code that looks a
    /// flag's drill id up itself (the scoring pipeline).
    static func asUsage<T>(command: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CoachError {
            if case .unknownDrill = error { throw UsageError(ErrorReporter.message(for: error), command: command) }
            throw error
        }
    }
}
