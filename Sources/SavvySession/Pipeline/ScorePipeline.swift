import Foundation
import SavvyASR
import SavvyAudio
import SavvyCoach
import SavvyDSP
import SavvyFileSystem

/// The one path from audio to a scored answer, shared by `score`, `rescore` and `practice`:
/// decode → delivery DSP → transcript → metrics → rubric.
///
/// Delivery numbers depend only on the audio and the transcript, so `rescore` with a stored
/// transcript reproduces them byte for byte.
public struct ScorePipeline {
    /// The resolved inputs of every score in one command.
    public struct Settings {
        public var drill: Drill
        public var prompt: String
        public var scoring: ScoringOptions
        public var engine: EngineChoice
        public var watchWords: WatchWords
        public var lexicon: FillerLexicon
        public var lexiconVersion: String
        /// Threads for the delivery analysis; `nil` is one per core (the numbers never depend on it).
        public var analysisThreads: Int?
    }

    public let settings: Settings
    public let router: ScoringRouter
    public let environment: [String: String]

    /// What one command asks of the pipeline, as plain values (the CLI maps its flags here).
    public struct Request: Sendable {
        /// Drill id; `free` when nil.
        public var drillID: String?
        /// The question answered; empty when none.
        public var prompt: String
        /// Watch-words from the command line (added to `watch-words.txt`).
        public var avoid: [String]
        public var include: [String]
        public var coach: CoachMode
        public var offline: Bool
        public var noCache: Bool
        public var engine: EngineChoice
        /// Threads for the delivery analysis (CPPS); `nil` is one per core.
        public var analysisThreads: Int?

        public init(drillID: String?, prompt: String, avoid: [String] = [], include: [String] = [],
                    coach: CoachMode = .auto, offline: Bool = false, noCache: Bool = false, engine: EngineChoice,
                    analysisThreads: Int? = nil) {
            self.analysisThreads = analysisThreads
            self.drillID = drillID
            self.prompt = prompt
            self.avoid = avoid
            self.include = include
            self.coach = coach
            self.offline = offline
            self.noCache = noCache
            self.engine = engine
        }
    }

    /// Reads drills, lexicon, watch-words and the coach configuration for one command.
    public static func make(_ request: Request, paths: SavvyPaths, environment: [String: String],
                            cache: (any JudgmentCache)?) throws -> ScorePipeline {
        let library = try DrillLibrary(userFile: paths.config("drills.json"))
        let drill = try library.drill(id: request.drillID ?? "free")
        var watch = WatchWords(avoid: request.avoid, include: request.include)
        let watchFile = paths.config("watch-words.txt")
        if let text = try SettingsFile.text(at: watchFile) {
            watch = try WatchWords.parse(text, file: watchFile.path).merged(with: watch)
        }
        var lexicon = FillerLexicon.standard
        var lexiconVersion = "builtin-\(FillerLexicon.standardVersion)"
        let lexiconFile = paths.config("fillers.txt")
        if let text = try SettingsFile.text(at: lexiconFile) {
            let parsed = FillerLexicon.parse(text)
            if let bad = parsed.invalidLines.first {
                throw CoachError.configLineInvalid(path: lexiconFile.path, line: bad.line, detail: bad.detail)
            }
            lexicon = parsed.lexicon
            lexiconVersion = "user-\(SHA256.hex(text).prefix(12))"
        }
        let router = try ScoringRouter(environment: environment, configDirectory: paths.configDirectory, cache: cache)
        let settings = Settings(
            drill: drill, prompt: request.prompt,
            scoring: ScoringOptions(coach: request.coach, offline: request.offline, noCache: request.noCache),
            engine: request.engine, watchWords: watch, lexicon: lexicon, lexiconVersion: lexiconVersion,
            analysisThreads: request.analysisThreads)
        return ScorePipeline(settings: settings, router: router, environment: environment)
    }

    /// The same pipeline for another drill and question (each interview turn has its own).
    public func with(drill: Drill, prompt: String) -> ScorePipeline {
        var settings = settings
        settings.drill = drill
        settings.prompt = prompt
        return ScorePipeline(settings: settings, router: router, environment: environment)
    }

    /// A transcriber for this run; each batch worker makes its own (engines are not shared).
    public func makeTranscriber() throws -> TranscriberSelection {
        try TranscriberFactory.make(settings.engine, environment: environment)
    }

    /// Scores a file from scratch (reading it once, through a snapshot).
    public func score(path: String, transcriber: TranscriberSelection) throws -> ScoredAnswer {
        try score(try InputSnapshot(path: path), transcriber: transcriber)
    }

    /// Scores a snapshot from scratch; save it with `SessionRecorder.save(_:snapshot:store:)` so
    /// the stored bytes are the ones scored.
    ///
    /// - Parameter keepEnginesLoaded: keep the recognisers loaded after the transcript (a batch
    ///   worker with more files to come, an interview with more turns); the caller frees them
    ///   with `TranscriberSelection.releaseEngines()` when it is done. Otherwise pocketsphinx's
    ///   decoders are freed once they are done and the Whisper worker is stopped after the
    ///   transcript check's re-decodes (the next call starts another, about 1 s), so neither
    ///   adds to the judging stage's memory.
    public func score(_ snapshot: InputSnapshot, transcriber: TranscriberSelection,
                      keepEnginesLoaded: Bool = false) throws -> ScoredAnswer {
        // The hash lets `savvy import` check that a result is merged with the audio it came from;
        // it is the hash of the very bytes decoded here.
        let sha256 = snapshot.sha256
        let (audio, analysis) = try analyse(snapshot)
        // A long recording is recognised in windows cut at pauses (read from the decoded file one
        // at a time); a short one is one window, the whole file.
        let windows = TranscriptionWindows.plan(
            duration: audio.durationSeconds, speech: analysis.activity.segments,
            maximumSeconds: try TranscriptionWindows.maximumSeconds(environment: environment))
        let hearSecondOpinion: @Sendable () throws -> TranscriptCheckStage.SecondOpinion? = {
            try TranscriptCheckStage.secondOpinion(audio: audio, analysis: analysis, transcriber: transcriber.transcriber,
                                                   pocketsphinx: transcriber.secondOpinion)
        }
        let second: TranscriptCheckStage.SecondOpinion?
        var recognised: Result<Transcript, any Error>?
        if audio.durationSeconds <= TranscriptCheckStage.secondOpinionSeconds {
            // pocketsphinx's second opinion beside Whisper's recognition, on a thread of its own:
            // it does not depend on Whisper's words, and one after the other it was half the wall
            // time of a score (a 2-minute answer on 2 cores: 32 s of 63 s). Their memory then
            // adds up (pocketsphinx's decoders about 210 MB beside the worker's 340 MB), which
            // only a long recording's budget cannot afford.
            let pending = BackgroundWork(name: "savvy-second-opinion", hearSecondOpinion)
            recognised = Result { try windows.transcribe(audio, with: transcriber.transcriber) }
            // Joined before anything can throw, so a batch's next file never finds the decoder busy;
            // the second opinion's error first, as when it ran first.
            second = try pending.value()
        } else {
            // A longer recording: the second opinion first, before the Whisper worker starts, so
            // their peaks never add up.
            second = try hearSecondOpinion()
        }
        if !keepEnginesLoaded { transcriber.secondOpinion?.releaseDecoders() }
        var transcript = try recognised?.get() ?? windows.transcribe(audio, with: transcriber.transcriber)
        transcript = try TranscriptCheckStage().run(transcript, audio: audio, analysis: analysis,
                                                    transcriber: transcriber.transcriber, secondOpinion: second)
        if !keepEnginesLoaded { transcriber.releaseEngine() }
        // Metrics are computed from the transcript exactly as it will be stored (JSON at fixed
        // precision), so `rescore` from the stored transcript reproduces them byte for byte.
        transcript = try JSONDecoder().decode(Transcript.self, from: Data(try StableJSON.encode(transcript).utf8))
        return try judge(source: ScoredAnswer.Source(audio.source, sha256: sha256), analysis: analysis,
                         transcript: transcript, engineReason: transcriber.reason)
    }

    /// Scores a snapshot with a transcript already made (rescore without `--retranscribe`).
    public func score(_ snapshot: InputSnapshot, transcript: Transcript) throws -> ScoredAnswer {
        let (audio, analysis) = try analyse(snapshot)
        return try judge(source: ScoredAnswer.Source(audio.source), analysis: analysis, transcript: transcript, engineReason: nil)
    }

    /// Decodes the snapshot into a temporary file and analyses it block by block.
    private func analyse(_ snapshot: InputSnapshot) throws -> (audio: DecodedAudioFile, analysis: DeliveryAnalysis) {
        let (audio, analysis) = try RecordingAnalysis.run(readPath: snapshot.readPath, displayPath: snapshot.sourcePath,
                                                          threads: settings.analysisThreads, environment: environment)
        if analysis.activity.segments.isEmpty || analysis.quality.warnings.contains(.noSpeech) {
            throw SessionError.noSpeech(path: snapshot.sourcePath)
        }
        return (audio, analysis)
    }

    private func judge(source: ScoredAnswer.Source, analysis: DeliveryAnalysis, transcript: Transcript,
                       engineReason: String?) throws -> ScoredAnswer {
        let engine = MetricsEngine(
            fillerDetector: FillerDetector(lexicon: settings.lexicon),
            filledPauseDetector: try FilledPauseDetector(),
            watchWords: settings.watchWords, lexiconVersion: settings.lexiconVersion)
        // An untrusted transcript (see TranscriptChecker) is reported, not judged: word-based
        // metrics are computed from no words rather than from invented ones, and the rubric
        // leaves content and word-based criteria not judged.
        var judged = transcript
        let untrusted = transcript.check.flatMap { $0.trusted ? nil : ($0.reason ?? "no reason recorded") }
        if untrusted != nil {
            judged.words = []
            judged.verbatimPass = nil
        }
        let metrics = engine.metrics(delivery: analysis, transcript: judged,
                                     hesitationEvidence: untrusted != nil ? transcript : nil)
        let summary = DeliverySummary(metrics: metrics)
        let rubric = try untrusted.map {
            try router.scoreUntrusted(summary: summary, drill: settings.drill, prompt: settings.prompt,
                                      options: settings.scoring, reason: $0)
        } ?? router.score(transcript: judged, summary: summary, drill: settings.drill, prompt: settings.prompt,
                          options: settings.scoring)
        return ScoredAnswer(source: source, transcript: transcript, metrics: metrics, rubric: rubric,
                            engineReason: engineReason)
    }
}

// Batch workers share one pipeline. Its settings are immutable values; the router keeps only
// immutable configuration and makes a fresh HTTP client per score, and the cache (the session
// store) serialises access behind its own lock.
extension ScorePipeline: @unchecked Sendable {}
