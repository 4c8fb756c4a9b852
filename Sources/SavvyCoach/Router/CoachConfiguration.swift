import Foundation
import SavvyFileSystem

/// An endpoint ready to call, or the reason it cannot be.
public enum EndpointAvailability: Sendable, Equatable {
    case available(LLMEndpoint)
    case unavailable(ExcludedTier)
}

/// LLM settings merged from the coach config file and the environment (environment wins).
///
/// Config file (`$XDG_CONFIG_HOME/savvy/coach.conf`), `key = value` lines, `#` comments. It
/// must not be readable by group or others (mode 0600) because it may hold keys:
/// ```
/// cloud = groq, openai        # opt in to cloud tiers, in order (groq | openai | proxy)
/// groq_api_key = ...          # or GROQ_API_KEY
/// openai_api_key = ...        # or OPENAI_API_KEY
/// llm_token = ...             # proxy bearer token, or SAVVY_LLM_TOKEN
/// proxy_url = https://llm.example.org/v1   # or SAVVY_LLM_PROXY_URL
/// local_url = http://127.0.0.1:8080/v1     # or SAVVY_LLM_LOCAL_URL; loopback only
/// groq_model = openai/gpt-oss-20b          # also groq_escalation_model, openai_model,
///                                          # openai_escalation_model, proxy_model,
///                                          # proxy_escalation_model, local_model
/// timeout_seconds = 30        # cloud request timeout; local_timeout_seconds for loopback
/// ```
/// Environment: SAVVY_LLM_CLOUD (same as `cloud`), the key variables above, SAVVY_LLM_LOCAL_URL,
/// SAVVY_LLM_PROXY_URL.
public struct CoachConfiguration: Sendable, Equatable {
    /// Cloud providers the user opted in to, in order; nil when not opted in.
    public var cloud: [LLMProvider]?
    public var credentials: [LLMProvider: Secret]
    /// Base URLs that override the provider defaults; `local` and `proxy` have no default.
    public var baseURLs: [LLMProvider: String]
    public var models: [LLMProvider: String]
    public var escalationModels: [LLMProvider: String]
    public var cloudTimeoutSeconds: Double
    /// Loopback models on CPU are slow (~20 s for a 135M model on one thread).
    public var localTimeoutSeconds: Double

    /// Nothing configured: heuristic only unless `--coach llm` finds keys.
    public init() {
        cloud = nil
        credentials = [:]
        baseURLs = [:]
        models = [:]
        escalationModels = [:]
        cloudTimeoutSeconds = 30
        localTimeoutSeconds = 120
    }

    /// Reads `configFile` (absent is fine) then overlays `environment`.
    public static func load(environment: [String: String], configFile: URL?) throws -> CoachConfiguration {
        var configuration = CoachConfiguration()
        if let configFile {
            for (key, value, line) in try readFile(configFile) {
                try configuration.apply(key: key, value: value, source: configFile.path, line: line)
            }
        }
        let variables: [(String, String)] = [
            ("SAVVY_LLM_CLOUD", "cloud"), ("GROQ_API_KEY", "groq_api_key"), ("OPENAI_API_KEY", "openai_api_key"),
            ("SAVVY_LLM_TOKEN", "llm_token"), ("SAVVY_LLM_LOCAL_URL", "local_url"), ("SAVVY_LLM_PROXY_URL", "proxy_url"),
        ]
        for (variable, key) in variables {
            if let value = environment[variable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                try configuration.apply(key: key, value: value, source: "environment \(variable)", line: 0)
            }
        }
        return configuration
    }

    /// The endpoint for `provider`, or why it cannot run.
    public func endpoint(for provider: LLMProvider) -> EndpointAvailability {
        func excluded(_ why: String) -> EndpointAvailability {
            .unavailable(ExcludedTier(tier: provider.tier, provider: provider, why: why))
        }
        guard let baseURL = baseURLs[provider] ?? provider.defaultBaseURL else {
            return excluded(provider == .local ? "local_url not set" : "proxy_url not set")
        }
        let credential = credentials[provider]
        if let variable = provider.credentialVariable, credential == nil {
            return excluded("\(variable) not set")
        }
        return .available(LLMEndpoint(
            provider: provider, baseURL: baseURL, model: models[provider] ?? provider.defaultModel,
            escalationModel: escalationModels[provider] ?? provider.defaultEscalationModel, credential: credential,
            timeoutSeconds: provider == .local ? localTimeoutSeconds : cloudTimeoutSeconds))
    }

    private mutating func apply(key: String, value: String, source: String, line: Int) throws {
        func invalid(_ detail: String) -> CoachError {
            .configLineInvalid(path: source, line: line, detail: detail)
        }
        switch key {
        case "cloud":
            let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if names == ["off"] || names == ["none"] {
                cloud = nil
                return
            }
            cloud = try names.map { name in
                guard let provider = LLMProvider(rawValue: name), provider != .local else {
                    throw invalid("cloud provider '\(name)' is not groq, openai or proxy")
                }
                return provider
            }
        case "groq_api_key": credentials[.groq] = Secret(value)
        case "openai_api_key": credentials[.openai] = Secret(value)
        case "llm_token": credentials[.proxy] = Secret(value)
        case "local_url":
            let url = try Self.validatedURL(value, name: "local_url")
            guard LoopbackHost.isLoopback(url: value) else {
                throw CoachError.localEndpointNotLoopback(url: value, host: LoopbackHost.host(of: value) ?? url.host ?? "")
            }
            baseURLs[.local] = value
        case "proxy_url":
            _ = try Self.validatedURL(value, name: "proxy_url")
            baseURLs[.proxy] = value
        case "groq_model": models[.groq] = value
        case "groq_escalation_model": escalationModels[.groq] = value
        case "openai_model": models[.openai] = value
        case "openai_escalation_model": escalationModels[.openai] = value
        case "proxy_model": models[.proxy] = value
        case "proxy_escalation_model": escalationModels[.proxy] = value
        case "local_model": models[.local] = value
        case "timeout_seconds", "local_timeout_seconds":
            guard let seconds = Double(value), seconds > 0, seconds <= 600 else {
                throw invalid("\(key) must be a number of seconds between 0 and 600")
            }
            if key == "timeout_seconds" { cloudTimeoutSeconds = seconds } else { localTimeoutSeconds = seconds }
        default:
            throw invalid("unknown key '\(key)'")
        }
    }

    private static func validatedURL(_ value: String, name: String) throws -> URL {
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host != nil
        else { throw CoachError.invalidBaseURL(name: name, value: value) }
        return url
    }

    /// The file's `key = value` lines with line numbers; refuses group/other-readable files.
    private static func readFile(_ url: URL) throws -> [(String, String, Int)] {
        let path = url.path
        var info = stat()
        guard RawPath.withCString(path, { stat($0, &info) }) == 0 else {
            if errno == ENOENT { return [] }
            throw CoachError.configFileUnreadable(path: path, reason: SystemErrorText.describe(errno: errno))
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw CoachError.configFileInsecure(path: path, mode: String(mode, radix: 8))
        }
        // The read itself is SettingsFile's; this file keeps its own message, which names it as
        // the coach config.
        let text: String
        do {
            guard let read = try SettingsFile.text(at: url) else { return [] }
            text = read
        } catch let CoachError.settingsFileUnreadable(_, reason) {
            throw CoachError.configFileUnreadable(path: path, reason: reason)
        }
        var entries: [(String, String, Int)] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw CoachError.configLineInvalid(path: path, line: offset + 1, detail: "no '=' in line")
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !value.isEmpty else {
                throw CoachError.configLineInvalid(path: path, line: offset + 1, detail: "empty key or value")
            }
            entries.append((key, value, offset + 1))
        }
        return entries
    }
}
