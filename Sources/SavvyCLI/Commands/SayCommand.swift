import Foundation
import SavvyAudio
import SavvyCoach
import SavvySession

/// `savvy say TEXT`: speak a line with the coach voice (a check of voice and speakers).
enum SayCommand {
    static let command = Command(spec: spec, run: run)

    /// The voice and output flags `say`, `interview` and `doctor` share.
    static let voiceFlags: [FlagSpec] = [
        FlagSpec("voice", value: "NAME", help: "espeak-ng voice (see 'espeak-ng --voices'); default en-us or voice.conf / SAVVY_VOICE"),
        FlagSpec("voice-rate", value: "WPM", help: "coach voice speed, 80–450 words per minute (default 165)"),
        FlagSpec("voice-volume", value: "N", help: "coach voice volume, 0–200 (default 100)"),
        FlagSpec("voice-cloud", value: "PROVIDER", help: "speak with a cloud voice (/v1/audio/speech; key as for the cloud LLM tier), or off",
                 choices: ["openai", "proxy", "off"]),
        FlagSpec("output-device", value: "NAME", help: "ALSA playback device", default: "default"),
    ]

    static let spec = CommandSpec(
        name: "say",
        summary: "Speak TEXT with the coach voice through the output device",
        positionals: [PositionalSpec("TEXT", help: "what to say (quote it)", variadic: true)],
        flags: voiceFlags,
        discussion: """
        The voice is espeak-ng, on this machine, unless a cloud voice is opted in (voice.conf 'cloud',
        SAVVY_VOICE_CLOUD or --voice-cloud); settings come from voice.conf, SAVVY_VOICE* and the flags.
        """)

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let text = context.arguments.positionals.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw UsageError("nothing to say: TEXT is empty", command: spec.name) }
        let speaker = try makeSpeaker(context)
        let audio = try speaker.say(text)
        context.stderr.write(context.errorPalette.dim("said \(Format.duration(audio.durationSeconds)) on \(speaker.device) (\(speaker.voice.summary))") + "\n")
        return .success
    }

    /// The voice settings from `voice.conf`, the environment and the command's flags.
    static func voiceSettings(_ context: CommandContext) throws -> VoiceSettings {
        let args = context.arguments
        let overrides = VoiceSettings.Overrides(
            name: args.value("voice"), wordsPerMinute: try args.int("voice-rate", in: 80...450),
            volume: try args.int("voice-volume", in: 0...200), cloud: args.value("voice-cloud"))
        return try VoiceSettings.load(configFile: SavvyPaths(context).config("voice.conf"),
                                      environment: context.environment, overrides: overrides)
    }

    /// The configured voice on `--output-device`; both are checked before anything is said.
    ///
    /// With a cloud voice opted in (and not `--offline`, where the command has it), the cloud
    /// voice speaks and espeak-ng stands behind it: the first failure prints one line and
    /// espeak-ng speaks from then on. An opted-in provider without its key or URL prints one line
    /// and espeak-ng speaks.
    static func makeSpeaker(_ context: CommandContext) throws -> Speaker {
        let settings = try voiceSettings(context)
        let espeak = try settings.makeVoice()
        let output = try AudioPlayback(device: context.arguments.value("output-device") ?? AudioPlayback.defaultDevice)
        return Speaker(voice: try speakingVoice(context, settings: settings, espeak: espeak), output: output)
    }

    /// espeak-ng, or the opted-in cloud voice backed by it.
    static func speakingVoice(_ context: CommandContext, settings: VoiceSettings, espeak: EspeakVoice) throws -> any Voice {
        guard settings.cloud != nil, !context.arguments.has("offline") else { return espeak }
        // coach.conf is read only now: a voice-only user never needs one, and its checks (mode
        // 0600) apply as soon as it may hold the key.
        let coach = try CoachConfiguration.load(environment: context.environment, configFile: SavvyPaths(context).config("coach.conf"))
        let stderr = context.stderr, palette = context.errorPalette
        switch settings.cloudChoice(coach: coach, offline: false) {
        case .notWanted:
            return espeak
        case let .unavailable(why):
            stderr.write(palette.yellow("note: the cloud voice is off (\(why)); the coach speaks with espeak-ng") + "\n")
            return espeak
        case let .available(cloud):
            return FallbackVoice(primary: cloud, fallback: espeak) { error in
                stderr.write(palette.yellow("note: \(ErrorReporter.message(for: error)); the coach speaks with espeak-ng from now on") + "\n")
            }
        }
    }
}
