/// One usable LLM endpoint: provider, base URL, models, credential and limits.
public struct LLMEndpoint: Sendable, Equatable {
    public var provider: LLMProvider
    /// Base URL ending in /v1, without a trailing slash.
    public var baseURL: String
    public var model: String
    public var escalationModel: String?
    /// Nil for `local`.
    public var credential: Secret?
    /// Whole-exchange timeout for one HTTP request, seconds.
    public var timeoutSeconds: Double

    public init(
        provider: LLMProvider, baseURL: String, model: String, escalationModel: String?, credential: Secret?,
        timeoutSeconds: Double
    ) {
        self.provider = provider
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.model = model
        self.escalationModel = escalationModel
        self.credential = credential
        self.timeoutSeconds = timeoutSeconds
    }

    /// The chat completions URL.
    public var chatCompletionsURL: String { baseURL + "/chat/completions" }
}
