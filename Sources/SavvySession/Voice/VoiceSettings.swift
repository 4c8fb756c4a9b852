import Foundation

/// The coach voice's settings, merged from `voice.conf`, the environment and flags (later wins).
///
/// `<config>/voice.conf`, `key = value` lines, `#` comments:
/// ```
/// voice = en-us+f3    # espeak-ng voice name (espeak-ng --voices); or SAVVY_VOICE, --voice
/// rate = 165          # words per minute, 80–450; or SAVVY_VOICE_RATE, --voice-rate
/// volume = 100        # 0–200, 100 normal; or SAVVY_VOICE_VOLUME, --voice-volume
/// ```
public struct VoiceSettings: Sendable, Equatable {
    public var name = "en-us"
    /// Words per minute. 165 sits inside the pace band savvy coaches towards (120–165), at its
    /// brisk end, so the coach models the pace it asks for.
    public var wordsPerMinute = 165
    public var volume = 100

    public init() {}

    /// Values given on the command line; `nil` where the flag was not given.
    public struct Overrides: Sendable, Equatable {
        public var name: String?
        public var wordsPerMinute: Int?
        public var volume: Int?

        public init(name: String? = nil, wordsPerMinute: Int? = nil, volume: Int? = nil) {
            self.name = name
            self.wordsPerMinute = wordsPerMinute
            self.volume = volume
        }
    }

    /// Reads `configFile` (absent is fine), then the environment, then `overrides`.
    /// - Throws: `SessionError.voiceConfigInvalid` naming the file (or variable) and line.
    public static func load(configFile: URL?, environment: [String: String], overrides: Overrides = Overrides()) throws -> VoiceSettings {
        var settings = VoiceSettings()
        if let configFile, let text = try? String(contentsOf: configFile, encoding: .utf8) {
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
        for (variable, key) in [("SAVVY_VOICE", "voice"), ("SAVVY_VOICE_RATE", "rate"), ("SAVVY_VOICE_VOLUME", "volume")] {
            if let value = environment[variable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                try settings.apply(key: key, value: value, source: "environment \(variable)", line: 0)
            }
        }
        if let name = overrides.name { settings.name = name }
        if let rate = overrides.wordsPerMinute { settings.wordsPerMinute = rate }
        if let volume = overrides.volume { settings.volume = volume }
        return settings
    }

    /// The offline espeak-ng voice with these settings.
    public func makeVoice() throws -> EspeakVoice {
        try EspeakVoice(name: name, wordsPerMinute: wordsPerMinute, volume: volume)
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
        default:
            throw SessionError.voiceConfigInvalid(source: source, line: line, detail: "unknown key '\(key)' (voice, rate, volume)")
        }
    }
}
