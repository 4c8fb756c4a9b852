import SavvySession
import Foundation
import SavvyASR
import SavvyAudio
import SavvyCoach
import SavvySemantic
import SavvyStore

/// `savvy doctor`: what works on this machine and what to fix.
enum DoctorCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "doctor",
        summary: "Check the database, speech engines, LLM tiers, coach voice and microphone; say what to fix",
        flags: [
            FlagSpec("device", value: "NAME", help: "ALSA capture device to test", default: "default"),
            FlagSpec("no-mic", help: "skip the one-second microphone test"),
            FlagSpec("json", help: "print the checks as JSON"),
        ] + SayCommand.voiceFlags,
        discussion: "Exit 0 when savvy can score recordings (database and at least one speech engine work).")

    struct Check: Encodable {
        enum Status: String, Encodable { case ok, warn, fail }
        let name: String
        let status: Status
        let detail: String
    }

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        var checks: [Check] = []
        var store: SessionStore?
        do {
            let opened = try SavvyPaths.openStore(context)
            let problems = try opened.integrityProblems()
            checks.append(Check(name: "database", status: problems.isEmpty ? .ok : .fail,
                                detail: problems.isEmpty ? opened.location.databaseURL.path : problems.joined(separator: "; ")))
            checks.append(recordings(opened.sweptOnOpen))
            store = opened
        } catch {
            checks.append(Check(name: "database", status: .fail, detail: ErrorReporter.message(for: error)))
        }
        var engineWorks = false
        for choice in [EngineChoice.pocketsphinx, .whisper] {
            do {
                let selection = try TranscriberFactory.make(choice, environment: context.environment)
                engineWorks = true
                checks.append(Check(name: "asr \(choice.rawValue)", status: .ok, detail: selection.reason))
            } catch {
                checks.append(Check(name: "asr \(choice.rawValue)", status: choice == .whisper ? .warn : .fail,
                                    detail: ErrorReporter.message(for: error)))
            }
        }
        checks.append(sentenceModel(environment: context.environment))
        let paths = SavvyPaths(context)
        do {
            let router = try ScoringRouter(environment: context.environment, configDirectory: paths.configDirectory, cache: store)
            let decision = try router.decide(options: ScoringOptions())
            for plan in decision.plans where plan.workload != .deliveryMetrics {
                let tiers = plan.candidates.map { [$0.tier.rawValue, $0.provider?.rawValue, $0.model].compactMap { $0 }.joined(separator: " ") }
                checks.append(Check(name: "coach \(plan.workload.rawValue)", status: .ok, detail: tiers.joined(separator: " → ")))
            }
            for off in decision.excluded {
                checks.append(Check(name: "tier \(off.provider?.rawValue ?? off.tier.rawValue)", status: .warn, detail: "off: \(off.why)"))
            }
        } catch {
            checks.append(Check(name: "coach", status: .fail, detail: ErrorReporter.message(for: error)))
        }
        checks.append(voice(context))
        if !args.has("no-mic") {
            checks.append(microphone(device: args.value("device") ?? "default"))
        }
        if args.has("json") {
            context.stdout.write(try StableJSON.encode(checks))
        } else {
            let p = context.palette
            for check in checks {
                let mark: String
                switch check.status {
                case .ok: mark = p.green("ok  ")
                case .warn: mark = p.yellow("warn")
                case .fail: mark = p.red("fail")
                }
                context.stdout.write("\(mark)  \(check.name.padding(28)) \(check.detail)\n")
            }
        }
        let usable = engineWorks && !checks.contains { $0.name == "database" && $0.status == .fail }
        return usable ? .success : .failure
    }

    /// Synthesises a short line with the configured voice (silently) and opens the output device,
    /// so a bad voice name or a missing speaker shows up before an interview. A voice problem is a
    /// warning: scoring works without it.
    static func voice(_ context: CommandContext) -> Check {
        let device = context.arguments.value("output-device") ?? AudioPlayback.defaultDevice
        let name = "voice → \(device)"
        do {
            let settings = try SayCommand.voiceSettings(context)
            let voice = try settings.makeVoice()
            let audio = try voice.synthesize("savvy voice check")
            guard audio.durationSeconds > 0.3, AudioLevel(block: audio.samples).rmsDBFS > -40 else {
                return Check(name: name, status: .warn, detail: "\(voice.summary) produced no audible speech; try another --voice")
            }
            _ = try AudioPlayback(device: device)
            return Check(name: name, status: .ok,
                         detail: "\(voice.summary)\(try cloudVoice(context, settings: settings)); output device opens (try 'savvy say hello')")
        } catch {
            return Check(name: name, status: .warn, detail: ErrorReporter.message(for: error))
        }
    }

    /// The opted-in cloud voice as doctor reports it (not contacted: a check must not spend a
    /// paid request), or "" when none is opted in.
    static func cloudVoice(_ context: CommandContext, settings: VoiceSettings) throws -> String {
        guard settings.cloud != nil else { return "" }
        let coach = try CoachConfiguration.load(environment: context.environment, configFile: SavvyPaths(context).config("coach.conf"))
        switch settings.cloudChoice(coach: coach, offline: context.arguments.has("offline")) {
        case .notWanted: return ""
        case let .unavailable(why): return "; cloud voice off (\(why))"
        case let .available(cloud): return "; cloud voice \(cloud.summary) at \(cloud.client.speechURL), not contacted"
        }
    }

    /// What opening the store swept from the recordings folder (files a crash left with no
    /// session; see `SessionStore.removeOrphanRecordings`).
    static func recordings(_ sweep: OrphanSweep) -> Check {
        var detail = sweep.removed == 0
            ? "no orphaned recordings"
            : "removed \(sweep.removed) orphaned recording(s), \(Format.fixed(Double(sweep.bytes) / 1_048_576, 1)) MB, left by an interrupted save"
        if sweep.young > 0 {
            detail += "; \(sweep.young) file(s) with no session yet are younger than 10 minutes and were kept (a save may be in progress)"
        }
        return Check(name: "recordings", status: .ok, detail: detail)
    }

    /// Whether the sentence-embedding model loads, and from where (a warning when not: content
    /// is then judged from cue phrases alone).
    static func sentenceModel(environment: [String: String]) -> Check {
        guard let directory = SentenceEncoder.locate(environment: environment) else {
            let place = SentenceEncoder.modelDirectory(environment: environment).path
            return Check(name: "sentence model", status: .warn,
                         detail: "not installed at \(place): run 'make venv' or set SAVVY_SEMANTIC_MODEL")
        }
        do {
            let encoder = try SentenceEncoder(modelDirectory: directory)
            return Check(name: "sentence model", status: .ok, detail: "\(encoder.modelID) at \(directory.path) (\(encoder.backend))")
        } catch {
            return Check(name: "sentence model", status: .warn, detail: ErrorReporter.message(for: error))
        }
    }

    /// Records one second and reports its level, so a muted or wrong device shows up here.
    static func microphone(device: String) -> Check {
        do {
            let capture = try AudioCapture(device: device)
            try capture.start()
            var samples: [Float] = []
            let deadline = Date().addingTimeInterval(3)
            while samples.count < 16_000, Date() < deadline, capture.failure == nil {
                Thread.sleep(forTimeInterval: 0.05)
                samples += capture.drain()
            }
            capture.stop()
            if let failure = capture.failure { throw failure }
            guard !samples.isEmpty else {
                return Check(name: "microphone \(device)", status: .fail, detail: "no audio arrived in 3 s; check the device and its mute switch")
            }
            let level = AudioLevel(block: samples)
            let quiet = level.rmsDBFS < -70
            return Check(name: "microphone \(device)", status: quiet ? .warn : .ok,
                         detail: "1 s recorded, level \(Format.fixed(level.rmsDBFS, 0)) dBFS" + (quiet ? " — nearly silent; is it muted?" : ""))
        } catch {
            return Check(name: "microphone \(device)", status: .warn, detail: ErrorReporter.message(for: error))
        }
    }
}
