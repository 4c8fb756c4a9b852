import Foundation

/// The parts of a /chat/completions reply the coach reads.
struct ChatAnswer: Equatable, Sendable {
    /// The assistant message text as UTF-8 bytes (empty when the model refused).
    var content: Data
    /// "stop", "length", "content_filter"…; nil when the server omitted it.
    var finishReason: String?
    /// Set when the model refused (OpenAI's `message.refusal`, or `content_filter`).
    var refused: Bool
}
