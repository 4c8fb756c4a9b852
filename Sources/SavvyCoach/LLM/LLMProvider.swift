/// Which OpenAI-compatible endpoint family an LLM tier talks to, with its defaults.
public enum LLMProvider: String, Sendable, Codable, CaseIterable {
    /// Groq cloud: strict JSON schema is enforced only on the gpt-oss models.
    case groq
    /// OpenAI cloud, the fallback provider.
    case openai
    /// A server on loopback (llama.cpp, Ollama, vLLM); no key.
    case local
    /// Any OpenAI-compatible URL with a savvy bearer token instead of a provider key.
    case proxy

    /// The tier this provider serves.
    public var tier: ScoringTier { self == .local ? .llmLocal : .llmCloud }

    /// Default base URL (ending in /v1); nil where the user must give one.
    public var defaultBaseURL: String? {
        switch self {
        case .groq: return "https://api.groq.com/openai/v1"
        case .openai: return "https://api.openai.com/v1"
        case .local, .proxy: return nil
        }
    }

    /// Default first model; the local server ignores the name and uses what it loaded.
    public var defaultModel: String {
        switch self {
        case .groq, .proxy: return "openai/gpt-oss-20b"
        case .openai: return "gpt-4o-mini"
        case .local: return "local"
        }
    }

    /// Default larger model for one escalation on low structure confidence; nil for none.
    public var defaultEscalationModel: String? {
        switch self {
        case .groq, .proxy: return "openai/gpt-oss-120b"
        case .openai: return "gpt-4o"
        case .local: return nil
        }
    }

    /// Environment variable holding the credential, if this provider needs one.
    public var credentialVariable: String? {
        switch self {
        case .groq: return "GROQ_API_KEY"
        case .openai: return "OPENAI_API_KEY"
        case .proxy: return "SAVVY_LLM_TOKEN"
        case .local: return nil
        }
    }

    /// OpenAI's newer models reject `max_tokens` and want `max_completion_tokens`; the others
    /// (Ollama in particular) only know `max_tokens`.
    var usesMaxCompletionTokens: Bool { self == .openai }
}
