import Foundation
import SavvyFileSystem

/// The one place that turns any error into text on stderr and an exit status.
///
/// `savvy: error: <message>` for every failure; usage errors add the usage line and a pointer
/// to `--help` and exit 64; everything else exits 1.
enum ErrorReporter {
    static func report(_ error: any Error, command: CommandSpec?, to stderr: any OutputSink, palette: Palette) -> ExitStatus {
        let prefix = palette.red(palette.bold("savvy: error:"))
        if let usage = error as? UsageError {
            var text = "\(prefix) \(usage.message)\n"
            if let command {
                text += "Usage: \(command.usage)\nSee 'savvy \(command.name) --help'.\n"
            } else {
                text += "Usage: savvy <command> [options]\nSee 'savvy --help'.\n"
            }
            stderr.write(text)
            return .usage
        }
        stderr.write("\(prefix) \(message(for: error))\n")
        return .failure
    }

    /// One line: the error's own description, flattened so a stray newline cannot split it, with
    /// every byte of a path that is not UTF-8 and every control character shown escaped (`\xE9`,
    /// `\x1B`): a file name must neither garble the line nor drive the terminal.
    static func message(for error: any Error) -> String {
        // A Foundation error no module mapped still gets one plain line, never "nscocoaerrordomain error 512".
        let text = SystemErrorText.foundationMessage(error)
            ?? (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        return RawPath.displayed(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}
