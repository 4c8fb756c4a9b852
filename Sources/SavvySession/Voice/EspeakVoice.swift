import CEspeak
import Foundation

/// The default, offline coach voice: espeak-ng used as a C library.
///
/// espeak-ng keeps its voice, rate and volume in process-wide state and its synthesiser is not
/// thread-safe, so every call — initialisation, settings, synthesis — runs under one lock, and
/// each `synthesize` sets this voice's parameters again before speaking (two voices with
/// different settings may be used in turn). Synthesis uses `AUDIO_OUTPUT_SYNCHRONOUS`: the
/// samples arrive through the callback before `espeak_Synth` returns, so nothing is played by
/// espeak itself. The same text with the same settings gives the same samples.
public struct EspeakVoice: Voice {
    /// espeak-ng's voice name (`en-us`, `en-gb`, `en-us+f3`; `espeak-ng --voices` lists them).
    public let name: String
    /// Speaking rate in words per minute (espeak-ng accepts 80–450).
    public let wordsPerMinute: Int
    /// Volume, 0–200 (100 is espeak-ng's normal level; above it the voice may distort).
    public let volume: Int

    /// Makes the voice and checks that espeak-ng can load it, so a bad name is reported before
    /// an interview starts.
    /// - Throws: `SessionError.voiceUnavailable` when espeak-ng's data cannot be loaded,
    ///   `voiceNotFound` for an unknown name, `invalidVoiceSetting` for rate or volume out of range.
    public init(name: String = "en-us", wordsPerMinute: Int = 165, volume: Int = 100) throws {
        guard (80...450).contains(wordsPerMinute) else {
            throw SessionError.invalidVoiceSetting(name: "voice rate", value: "\(wordsPerMinute)", rule: "must be 80–450 words per minute")
        }
        guard (0...200).contains(volume) else {
            throw SessionError.invalidVoiceSetting(name: "voice volume", value: "\(volume)", rule: "must be 0–200 (100 is normal)")
        }
        self.name = name
        self.wordsPerMinute = wordsPerMinute
        self.volume = volume
        try EspeakEngine.shared.run { engine in try engine.apply(self) }
    }

    public var summary: String { "espeak-ng \(name), \(wordsPerMinute) wpm, volume \(volume)" }

    public func synthesize(_ text: String) throws -> SpokenAudio {
        try EspeakEngine.shared.run { engine in
            try engine.apply(self)
            return try engine.speak(text)
        }
    }
}

/// The process's one espeak-ng instance behind its lock.
final class EspeakEngine: @unchecked Sendable {
    static let shared = EspeakEngine()

    private let lock = NSLock()
    /// espeak-ng's output rate in Hz (22 050 for its own voices), or the failure to initialise.
    private var state: Result<Int, SessionError>?

    /// Runs `body` holding the lock, initialising espeak-ng on first use.
    func run<T>(_ body: (Session) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if state == nil {
            // DONT_EXIT: without it espeak-ng calls exit() when its data folder is missing.
            let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, savvy_espeak_initialize_dont_exit)
            state = rate > 0 ? .success(Int(rate)) : .failure(.voiceUnavailable(detail: "espeak-ng could not load its data (espeak_Initialize returned \(rate)); install espeak-ng-data"))
            espeak_SetSynthCallback(collectSamples)
        }
        let rate = try state!.get()
        return try body(Session(sampleRate: rate))
    }

    /// What may be done with the engine while the lock is held.
    struct Session {
        let sampleRate: Int

        func apply(_ voice: EspeakVoice) throws {
            guard espeak_SetVoiceByName(voice.name) == EE_OK else {
                throw SessionError.voiceNotFound(name: voice.name)
            }
            espeak_SetParameter(espeakRATE, Int32(voice.wordsPerMinute), 0)
            espeak_SetParameter(espeakVOLUME, Int32(voice.volume), 0)
        }

        func speak(_ text: String) throws -> SpokenAudio {
            let sink = SampleSink()
            let status = withExtendedLifetime(sink) { () -> espeak_ERROR in
                let context = Unmanaged.passUnretained(sink).toOpaque()
                return text.withCString { chars in
                    espeak_Synth(chars, strlen(chars) + 1, 0, POS_CHARACTER, 0, savvy_espeak_chars_utf8, nil, context)
                }
            }
            guard status == EE_OK else {
                throw SessionError.voiceUnavailable(detail: "espeak-ng could not synthesise the text (error \(status.rawValue))")
            }
            return SpokenAudio(samples: sink.samples.map { Float($0) / 32_768 }, sampleRate: sampleRate)
        }
    }
}

/// Where the synthesis callback appends samples; reached through the events' `user_data`.
private final class SampleSink {
    var samples: [Int16] = []
}

/// espeak-ng's synth callback: appends `count` samples to the sink named by the events'
/// `user_data`. Returns 0 to continue synthesis.
private func collectSamples(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let wav, count > 0, let context = events?.pointee.user_data else { return 0 }
    let sink = Unmanaged<SampleSink>.fromOpaque(context).takeUnretainedValue()
    sink.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
    return 0
}
