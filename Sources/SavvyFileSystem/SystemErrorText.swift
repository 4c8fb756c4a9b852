@preconcurrency import Glibc
import Foundation

/// One plain, lower-case reason for a failed file or process call.
///
/// Foundation's own texts — "The operation could not be completed. (NSCocoaErrorDomain error
/// 512.)", "The file “x” couldn’t be opened because there is no such file." — name its
/// internals and end in a full stop mid-sentence; every module maps a Foundation error through
/// here into its own error type, which then says what to do.
public enum SystemErrorText {
    /// A short reason for a file-system `errno` ("disk full", "permission denied").
    public static func describe(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a parent path is a file, not a directory"
        case EROFS: return "read-only file system"
        case ENOSPC, EDQUOT: return "disk full"
        case ENOENT: return "no such file or directory"
        case EISDIR: return "is a directory"
        case ENAMETOOLONG: return "path too long"
        case ENODEV: return "not a regular file (a device, a FIFO, or a link to one)"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// The reason behind `error`: its POSIX `errno` when Foundation kept one, else the meaning of
    /// its Cocoa code; savvy's own errors keep their description.
    public static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return describe(errno: Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return describe(errno: Int32(nsError.code)) }
        if nsError.domain == NSCocoaErrorDomain { return cocoaReason(nsError.code) }
        if error is DecodingError { return "not in the expected format" }
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return "an unexpected \(type(of: error)) error"
    }

    /// The whole line for a Foundation error that reached the top without a module mapping it:
    /// which file, what is wrong, what to do. Nil for any other error.
    public static func foundationMessage(_ error: any Error) -> String? {
        let nsError = error as NSError
        guard nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain else { return nil }
        let path = (nsError.userInfo[NSFilePathErrorKey] as? String) ?? (nsError.userInfo[NSURLErrorKey] as? URL)?.path
        return (path.map { "'\($0)': " } ?? "a file operation failed: ") + reason(error)
            + "; check the path, its permissions and free space, then try again"
    }

    /// CocoaError codes (Foundation's FoundationErrors.h) in words.
    private static func cocoaReason(_ code: Int) -> String {
        switch code {
        case 4, 260: return "no such file or directory"
        case 257, 513: return "permission denied"
        case 640: return "disk full"
        case 642: return "read-only file system"
        case 516: return "a file of that name already exists"
        case 261, 264: return "not readable text in the expected encoding"
        case 259, 3840: return "not in the expected format"
        case 263: return "the file is too large"
        default: return "the file system refused the operation"
        }
    }
}
