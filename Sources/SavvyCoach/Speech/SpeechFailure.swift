/// Why a speech endpoint gave no audio: one line, safe to show (no key, no control characters,
/// never the text that was to be spoken).
public struct SpeechFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// "HTTP 500; error server_error: …", "no complete answer in 15 s", "unreachable: …".
    public let detail: String

    public init(detail: String) {
        self.detail = detail
    }

    public var description: String { detail }
}
