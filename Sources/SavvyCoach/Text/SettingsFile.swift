import Foundation
import SavvyFileSystem

/// Reads a settings file the user may or may not have written.
///
/// Absent is normal (the built-in defaults apply), but a file that is there and cannot be read —
/// no permission, a directory, not UTF-8 — is a mistake the user wants to hear about: silently
/// scoring with the defaults would hide that their filler list or watch-words were ignored.
public enum SettingsFile {
    /// The file's text, or nil when there is no file at `url`.
    /// - Throws: `CoachError.settingsFileUnreadable` naming the file and why.
    public static func text(at url: URL) throws -> String? {
        let path = url.path
        let bytes: [UInt8]
        do throws(RawPath.Errno) {
            bytes = try RawPath.contents(of: path)
        } catch {
            if error.code == ENOENT { return nil }
            throw CoachError.settingsFileUnreadable(path: path, reason: SystemErrorText.describe(errno: error.code))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CoachError.settingsFileUnreadable(path: path, reason: "not UTF-8 text")
        }
        return text
    }
}
