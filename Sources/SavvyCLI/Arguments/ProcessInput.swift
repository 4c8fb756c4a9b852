@preconcurrency import Glibc
import SavvyFileSystem

/// The process's arguments and environment as the kernel gave them.
///
/// `CommandLine.arguments` and `ProcessInfo.environment` repair bytes that are not UTF-8 into
/// U+FFFD, so a Latin-1 file name (`caf\xE9.wav`) could not be opened and a `--db` or
/// `SAVVY_HOME` in such a folder silently named another folder. These read `argv` and `environ`
/// themselves and keep every byte (see `RawPath`), once, before anything parses them.
public enum ProcessInput {
    /// `argv[1...]`, byte for byte.
    public static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { RawPath.decode(cString: $0) }
        }
    }

    /// `environ` as `NAME=value` pairs, byte for byte; the first of a repeated name wins, as
    /// `getenv(3)` does.
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = RawPath.decode(cString: pointer)
            if let equals = text.firstIndex(of: "="), equals != text.startIndex {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}
