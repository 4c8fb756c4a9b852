import Foundation

/// A voice that speaks with `primary` and, once `primary` fails, with `fallback` for the rest of
/// the run.
///
/// The switch is sticky: a cloud voice that timed out or was refused once would most likely
/// fail the same way on the next question, and each try could keep the user waiting for the
/// whole timeout. `onFallback` is called once, with the failure, so the front end can say so in
/// one line (the library never prints).
public final class FallbackVoice: Voice, @unchecked Sendable {
    public let primary: any Voice
    public let fallback: any Voice
    private let onFallback: @Sendable (any Error) -> Void
    private let lock = NSLock()
    private var failed = false

    public init(primary: any Voice, fallback: any Voice, onFallback: @escaping @Sendable (any Error) -> Void) {
        self.primary = primary
        self.fallback = fallback
        self.onFallback = onFallback
    }

    /// Both voices while `primary` speaks; only `fallback` once it has taken over.
    public var summary: String { isFallingBack ? fallback.summary : "\(primary.summary), else \(fallback.summary)" }

    /// Whether `primary` has failed and `fallback` now speaks.
    public var isFallingBack: Bool { lock.withLock { failed } }

    public func synthesize(_ text: String) throws -> SpokenAudio {
        if !isFallingBack {
            do {
                return try primary.synthesize(text)
            } catch {
                lock.withLock { failed = true }
                onFallback(error)
            }
        }
        return try fallback.synthesize(text)
    }
}
