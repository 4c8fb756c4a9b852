/// One command-line flag, declared once.
///
/// The parser, the `--help` text and the shell completions are all generated from these
/// declarations, so they cannot drift apart (ripgrep's approach).
public struct FlagSpec: Sendable, Equatable {
    /// Long name without dashes, e.g. `json` for `--json`.
    public let name: String
    /// Placeholder for the value (`N`, `FILE`), or `nil` for a switch.
    public let valueName: String?
    public let help: String
    /// Allowed values, when the flag takes one of a fixed set.
    public let choices: [String]?
    /// Shown in help; the command applies it when the flag is absent.
    public let defaultValue: String?
    /// May be given more than once (values accumulate).
    public let repeatable: Bool

    public init(_ name: String, value: String? = nil, help: String, choices: [String]? = nil,
                default defaultValue: String? = nil, repeatable: Bool = false) {
        self.name = name
        self.valueName = value
        self.help = help
        self.choices = choices
        self.defaultValue = defaultValue
        self.repeatable = repeatable
    }

    public var takesValue: Bool { valueName != nil }
}

/// A positional argument of a command.
public struct PositionalSpec: Sendable, Equatable {
    public let name: String
    public let help: String
    /// Accepts one or more values (`FILE...`).
    public let variadic: Bool
    public let optional: Bool

    public init(_ name: String, help: String, variadic: Bool = false, optional: Bool = false) {
        self.name = name
        self.help = help
        self.variadic = variadic
        self.optional = optional
    }
}

/// A subcommand: its flags, positionals and help text.
public struct CommandSpec: Sendable {
    public let name: String
    public let summary: String
    public let positionals: [PositionalSpec]
    public let flags: [FlagSpec]
    /// Extra paragraphs for `--help` (examples, what the output means).
    public let discussion: String?

    public init(name: String, summary: String, positionals: [PositionalSpec] = [], flags: [FlagSpec],
                discussion: String? = nil) {
        self.name = name
        self.summary = summary
        self.positionals = positionals
        self.flags = flags + GlobalFlags.all
        self.discussion = discussion
    }

    /// `savvy analyze [options] FILE`
    public var usage: String {
        var parts = ["savvy", name, "[options]"]
        for p in positionals {
            var s = p.name + (p.variadic ? "..." : "")
            if p.optional { s = "[\(s)]" }
            parts.append(s)
        }
        return parts.joined(separator: " ")
    }

    public func flag(named name: String) -> FlagSpec? { flags.first { $0.name == name } }
}

/// Flags every command accepts.
public enum GlobalFlags {
    public static let all: [FlagSpec] = [
        FlagSpec("db", value: "PATH", help: "use this database file (recordings go beside it)"),
        FlagSpec("color", value: "WHEN", help: "colour output", choices: ["auto", "always", "never"], default: "auto"),
        FlagSpec("help", help: "show this help"),
    ]
}
