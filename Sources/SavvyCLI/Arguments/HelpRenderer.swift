/// Renders `--help` text from a `CommandSpec`, so help always matches what the parser accepts.
enum HelpRenderer {
    static func render(_ command: CommandSpec) -> String {
        var out = "\(command.summary)\n\nUSAGE:\n    \(command.usage)\n"
        if !command.positionals.isEmpty {
            out += "\nARGUMENTS:\n"
            for p in command.positionals {
                out += row(p.name + (p.variadic ? "..." : ""), p.help)
            }
        }
        out += "\nOPTIONS:\n"
        for f in command.flags {
            var left = "--\(f.name)"
            if let v = f.valueName { left += " \(v)" }
            var help = f.help
            if let choices = f.choices { help += " [\(choices.joined(separator: "|"))]" }
            if let d = f.defaultValue { help += " (default: \(d))" }
            out += row(left, help)
        }
        if let discussion = command.discussion {
            out += "\n" + discussion + (discussion.hasSuffix("\n") ? "" : "\n")
        }
        return out
    }

    static func row(_ left: String, _ right: String) -> String {
        let pad = 24
        if left.count + 4 >= pad {
            return "    \(left)\n" + String(repeating: " ", count: pad + 4) + right + "\n"
        }
        return "    " + left + String(repeating: " ", count: pad - left.count) + right + "\n"
    }
}
