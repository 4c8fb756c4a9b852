/// An API key or bearer token that cannot leak through printing, logging or encoding.
///
/// Not `Codable`, and its descriptions are redacted, so a key can never end up in a stored
/// score, an error line or a debug dump by accident; only `CurlEasy` headers read `value`.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
}
