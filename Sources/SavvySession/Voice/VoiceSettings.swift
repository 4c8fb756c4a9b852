import Foundation
import SavvyCoach
import SavvyFileSystem

/// The coach voice's settings, merged from `voice.conf`, the environment and flags (later wins).
///
/// `<config>/voice.conf`, `key = value` lines, `#` comments:
/// ```
/// voice = en-us+f3    # espeak-ng voice name (espeak-ng --voices); or SAVVY_VOICE, --voice
/// rate = 165          # words per minute, 80–450; or SAVVY_VOICE_RATE, --voice-rate
/// volume = 100        # 0–200, 100 normal; or SAVVY_VOICE_VOLUME, --voice-volume
/// cloud = openai      # opt in to a cloud voice: openai | proxy | off (default off);
///                     # or SAVVY_VOICE_CLOUD, --voice-cloud
/// cloud_model = gpt-4o-mini-tts   # or SAVVY_VOICE_CLOUD_MODEL
/// cloud_voice = alloy             # the server's voice name; or SAVVY_VOICE_CLOUD_VOICE
/// cloud_timeout_seconds = 15      # how long to wait for the cloud voice, 1–120
/// ```
/// The cloud voice's key and URL are the cloud LLM tier's (`coach.conf` or the environment:
/// `OPENAI_API_KEY`; `SAVVY_LLM_PROXY_URL` with `SAVVY_LLM_TOKEN`), never in this file, which
/// is not kept private.
public struct VoiceSettings: Sendable, Equatable {
    public var name = "en-us"
    /// Words per minute. 165 sits inside the pace band savvy coaches towards (120–165), at its
    /// brisk end, so the coach models the pace it asks for.
    public var wordsPerMinute = 165
    public var volume = 100
    /// The cloud voice opted in to (`openai` or `proxy`); `nil`: espeak-ng only.
    public var cloud: LLMProvider?
    public var cloudModel = "gpt-4o-mini-tts"
    public var cloudVoice = "alloy"
    public var cloudTimeoutSeconds = 15.0

    /// The rate the cloud voice's speed 1.0 stands for: the default rate, so the same setting
    /// speeds both voices alike.
    static let normalWordsPerMinute = 165.0

    public init() {}

    /// Values given on the command line; `nil` where the flag was not given.
    public struct Overrides: Sendable, Equatable {
        public var name: String?
        public var wordsPerMinute: Int?
        public var volume: Int?
        /// `--voice-cloud`: a provider name or `off`.
        public var cloud: String?

        public init(name: String? = nil, wordsPerMinute: Int? = nil, volume: Int? = nil, cloud: String? = nil) {
            self.name = name
            self.wordsPerMinute = wordsPerMinute
            self.volume = volume
            self.cloud = cloud
        }
    }

    /// Reads `configFile` (absent is fine), then the environment, then `overrides`.
    /// - Throws: `SessionError.voiceConfigInvalid` naming the file (or variable) and line;
    ///   `CoachError.settingsFileUnreadable` when the file is there but cannot be read.
    public static func load(configFile: URL?, environment: [String: String], overrides: Overrides = Overrides()) throws -> VoiceSettings {
        var settings = VoiceSettings()
        if let configFile, let text = try SettingsFile.text(at: configFile) {
            for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                let parts = trimmed.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw SessionError.voiceConfigInvalid(source: configFile.path, line: offset + 1, detail: "expected 'key = value'")
                }
                try settings.apply(key: parts[0].lowercased(), value: parts[1], source: configFile.path, line: offset + 1)
            }
        }
        let variables = [("SAVVY_VOICE", "voice"), ("SAVVY_VOICE_RATE", "rate"), ("SAVVY_VOICE_VOLUME", "volume"),
                         ("SAVVY_VOICE_CLOUD", "cloud"), ("SAVVY_VOICE_CLOUD_MODEL", "cloud_model"),
                         ("SAVVY_VOICE_CLOUD_VOICE", "cloud_voice")]
        for (variable, key) in variables {
            if let value = environment[variable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                try settings.apply(key: key, value: value, source: "environment \(variable)", line: 0)
            }
        }
        if let name = overrides.name { settings.name = name }
        if let rate = overrides.wordsPerMinute { settings.wordsPerMinute = rate }
        if let volume = overrides.volume { settings.volume = volume }
        if let cloud = overrides.cloud { try settings.apply(key: "cloud", value: cloud, source: "--voice-cloud", line: 0) }
        return settings
    }

    /// The offline espeak-ng voice with these settings.
    public func makeVoice() throws -> EspeakVoice {
        try EspeakVoice(name: name, wordsPerMinute: wordsPerMinute, volume: volume)
    }

    /// The cloud voice these settings opt in to, or why there is none.
    public enum CloudChoice {
        /// Not opted in, or `offline`: espeak-ng only, nothing to say.
        case notWanted
        /// Opted in, but the provider cannot be used (no key, no proxy URL); the reason is one
        /// line for the user.
        case unavailable(String)
        case available(CloudVoice)
    }

    /// The cloud voice, with its endpoint and key taken from the LLM tiers' configuration.
    /// - Parameter offline: `--offline` — nothing is sent anywhere.
    public func cloudChoice(coach: CoachConfiguration, offline: Bool, transport: any HTTPTransport = CurlTransport()) -> CloudChoice {
        guard let provider = cloud, !offline else { return .notWanted }
        switch coach.endpoint(for: provider) {
        case let .unavailable(excluded):
            return .unavailable(excluded.why)
        case let .available(found):
            let endpoint = LLMEndpoint(provider: provider, baseURL: found.baseURL, model: cloudModel, escalationModel: nil,
                                       credential: found.credential, timeoutSeconds: cloudTimeoutSeconds)
            let client = SpeechClient(endpoint: endpoint, voice: cloudVoice, speed: Double(wordsPerMinute) / Self.normalWordsPerMinute,
                                      secrets: Array(coach.credentials.values), transport: transport)
            return .available(CloudVoice(client: client, volume: volume))
        }
    }

    private mutating func apply(key: String, value: String, source: String, line: Int) throws {
        switch key {
        case "voice":
            name = value
        case "rate":
            guard let number = Int(value) else {
                throw SessionError.voiceConfigInvalid(source: source, line: line, detail: "rate '\(value)' is not a whole number of words per minute")
            }
            wordsPerMinute = number
        case "volume":
            guard let number = Int(value) else {
                throw SessionError.voiceConfigInvalid(source: source, line: line, detail: "volume '\(value)' is not a whole number (0–200)")
            }
            volume = number
        case "cloud":
            let lowered = value.lowercased()
            if lowered == "off" || lowered == "none" {
                cloud = nil
            } else if let provider = LLMProvider(rawValue: lowered), provider == .openai || provider == .proxy {
                cloud = provider
            } else {
                throw SessionError.voiceConfigInvalid(source: source, line: line, detail: "cloud voice '\(value)' is not openai, proxy or off")
            }
        case "cloud_model":
            cloudModel = value
        case "cloud_voice":
            cloudVoice = value
        case "cloud_timeout_seconds":
            guard let seconds = Double(value), (1...120).contains(seconds) else {
                throw SessionError.voiceConfigInvalid(source: source, line: line, detail: "cloud_timeout_seconds '\(value)' is not a number of seconds from 1 to 120")
            }
            cloudTimeoutSeconds = seconds
        default:
            throw SessionError.voiceConfigInvalid(
                source: source, line: line,
                detail: "unknown key '\(key)' (voice, rate, volume, cloud, cloud_model, cloud_voice, cloud_timeout_seconds)")
        }
    }
}
