/// Why a tier was left for the next one.
public enum DegradeReason: String, Sendable, Codable, CaseIterable {
    /// No answer within the configured timeout.
    case timeout
    /// Connection refused or host not found.
    case unreachable
    /// HTTP 5xx (503 only after its retries).
    case serverError = "server-error"
    /// HTTP 429 after the bounded retries.
    case rateLimited = "rate-limited"
    /// HTTP 401/403: the key or token was refused.
    case unauthorized
    /// Other HTTP 4xx: the endpoint rejected the request (e.g. an unknown model).
    case rejected
    /// Output failed JSON or schema validation twice.
    case invalidOutput = "invalid-output"
    /// Output stopped at the token limit (finish_reason "length") twice.
    case truncated
    /// The model proposed structure sections but none of its quotes is in the transcript.
    case ungrounded
    /// The model refused to answer.
    case refusal
    /// The transfer broke (partial body, TLS, other libcurl failures).
    case transport
    /// The model's structure map contradicts the on-device map (order, placement or coverage);
    /// the on-device map is kept.
    case implausible
    /// A model reason is not usable prose (digit runs, repeats, cut off); the on-device criterion
    /// is kept.
    case failedChecks = "failed-checks"
}
