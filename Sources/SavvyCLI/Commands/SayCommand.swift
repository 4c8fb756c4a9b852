import Foundation
import SavvyAudio
import SavvySession

/// `savvy say TEXT`: speak a line with the coach voice (a check of voice and speakers).
enum SayCommand {
    static let command = Command(spec: spec, run: run)

    /// The voice and output flags `say`, `interview` and `doctor` share.
    static let voiceFlags: [FlagSpec] = [
        FlagSpec("voice", value: "NAME", help: "espeak-ng voice (see 'espeak-ng --voices'); default en-us or voice.conf / SAVVY_VOICE"),
        FlagSpec("voice-rate", value: "WPM", help: "coach voice speed, 80–450 words per minute (default 165)"),
        FlagSpec("voice-volume", value: "N", help: "coach voice volume, 0–200 (default 100)"),
        FlagSpec("output-device", value: "NAME", help: "ALSA playback device", default: "default"),
    ]

    static let spec = CommandSpec(
        name: "say",
        summary: "Speak TEXT with the coach voice through the output device",
        positionals: [PositionalSpec("TEXT", help: "what to say (quote it)", variadic: true)],
        flags: voiceFlags,
        discussion: "The voice is espeak-ng, on this machine; settings come from voice.conf, SAVVY_VOICE* and the flags.")

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
            volume: try args.int("voice-volume", in: 0...200))
        return try VoiceSettings.load(configFile: SavvyPaths(context).config("voice.conf"),
                                      environment: context.environment, overrides: overrides)
    }

    /// The configured voice on `--output-device`; both are checked before anything is said.
    static func makeSpeaker(_ context: CommandContext) throws -> Speaker {
        let voice = try voiceSettings(context).makeVoice()
        let output = try AudioPlayback(device: context.arguments.value("output-device") ?? AudioPlayback.defaultDevice)
        return Speaker(voice: voice, output: output)
    }
}
