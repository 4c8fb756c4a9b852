/// Raw arguments after parsing against a `CommandSpec`, before typed validation.
public struct ParsedArguments: Sendable {
    public let command: CommandSpec
    public private(set) var values: [String: [String]] = [:]
    public private(set) var positionals: [String] = []

    init(command: CommandSpec) { self.command = command }

    /// Parses `arguments` (everything after the command name).
    ///
    /// Accepts `--flag value`, `--flag=value`, and `--` to end flags. Unknown flags get a
    /// "did you mean" hint; values outside `choices` list the allowed ones.
    static func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        var i = 0
        var flagsEnded = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if flagsEnded || !arg.hasPrefix("-") || arg == "-" {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { flagsEnded = true; continue }
            if arg == "-h" { parsed.values["help", default: []].append(""); continue }
            guard arg.hasPrefix("--") else {
                throw UsageError("unknown option '\(arg)'; options are spelled with two dashes, e.g. '--json'", command: command.name)
            }
            var name = String(arg.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = command.flag(named: name) else {
                var message = "unknown option '--\(name)' for 'savvy \(command.name)'"
                if let near = Suggestion.nearest(to: name, in: command.flags.map(\.name)) {
                    message += "; did you mean '--\(near)'?"
                }
                throw UsageError(message, command: command.name)
            }
            if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if i < arguments.count {
                    value = arguments[i]
                    i += 1
                } else {
                    throw UsageError("option '--\(name)' needs a value (\(spec.valueName!))", command: command.name)
                }
                if let choices = spec.choices, !choices.contains(value) {
                    throw UsageError("'\(value)' is not a valid value for '--\(name)'; use one of: \(choices.joined(separator: ", "))",
                                     command: command.name)
                }
                if parsed.values[name] != nil, !spec.repeatable {
                    throw UsageError("option '--\(name)' was given more than once", command: command.name)
                }
                parsed.values[name, default: []].append(value)
            } else {
                if inlineValue != nil {
                    throw UsageError("option '--\(name)' does not take a value", command: command.name)
                }
                parsed.values[name, default: []].append("")
            }
        }
        if !parsed.has("help") { try parsed.checkPositionals() }
        return parsed
    }

    private func checkPositionals() throws(UsageError) {
        let required = command.positionals.filter { !$0.optional }
        if positionals.count < required.count {
            let missing = required[positionals.count]
            throw UsageError("missing \(missing.name): \(missing.help)", command: command.name)
        }
        let variadic = command.positionals.contains { $0.variadic }
        if !variadic, positionals.count > command.positionals.count {
            throw UsageError("unexpected argument '\(positionals[command.positionals.count])'", command: command.name)
        }
    }

    public func has(_ flag: String) -> Bool { values[flag] != nil }

    public func value(_ flag: String) -> String? {
        values[flag]?.last ?? command.flag(named: flag)?.defaultValue
    }

    public func all(_ flag: String) -> [String] { values[flag] ?? [] }

    /// A numeric flag value, validated against a closed range.
    public func double(_ flag: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let raw = value(flag) else { return nil }
        guard let v = Double(raw), v.isFinite else {
            throw UsageError("'--\(flag)' expects a number, got '\(raw)'", command: command.name)
        }
        guard range.contains(v) else {
            throw UsageError("'--\(flag)' must be between \(format(range.lowerBound)) and \(format(range.upperBound)), got \(raw)",
                             command: command.name)
        }
        return v
    }

    /// An integer flag value, validated against a closed range.
    public func int(_ flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let raw = value(flag) else { return nil }
        guard let v = Int(raw) else {
            throw UsageError("'--\(flag)' expects a whole number, got '\(raw)'", command: command.name)
        }
        guard range.contains(v) else {
            throw UsageError("'--\(flag)' must be between \(range.lowerBound) and \(range.upperBound), got \(raw)",
                             command: command.name)
        }
        return v
    }

    private func format(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }
}
