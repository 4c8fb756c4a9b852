/// Why one LLM request produced no usable answer; becomes a `DegradeNote`.
struct LLMFailure: Error, Equatable, Sendable {
    var reason: DegradeReason
    /// HTTP status, curl detail or schema field. Never transcript, prompt or key.
    var detail: String
}
