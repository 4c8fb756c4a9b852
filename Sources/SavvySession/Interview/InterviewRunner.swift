import Foundation
import SavvyASR
import SavvyAudio
import SavvyCoach
import SavvyStore
import SavvyFileSystem

/// The spoken mock interview: the coach says a question, records the answer, scores and saves
/// it, follows up on what was said, and ends with a summary.
///
/// Turn-taking: the question is played to the end (ALSA drained) before recording starts, so
/// the coach's voice is never recorded as the answer; a turn in which nobody starts speaking
/// within `RecordingOptions.noSpeechSeconds` ends as unanswered and the interview goes on.
/// Ctrl-C during an answer keeps and scores that answer, then ends the interview (a Ctrl-C
/// while the coach talks ends the process as anywhere else; the turns so far are stored).
///
/// Storage: the interview row is written first and each turn as soon as it is done, each
/// answer as a normal session, so an interview cut short keeps what was said.
public struct InterviewRunner {
    /// What to ask and how.
    public struct Plan: Sendable {
        public var questions: [String]
        /// Follow-ups after each question, at most (0: none).
        public var followUpsPerQuestion: Int
        public var drill: Drill
        /// The drill follow-up answers are judged on (`free`: a follow-up asks for one thing,
        /// not a whole structure).
        public var followUpDrill: Drill

        public init(questions: [String], followUpsPerQuestion: Int, drill: Drill, followUpDrill: Drill) {
            self.questions = questions
            self.followUpsPerQuestion = followUpsPerQuestion
            self.drill = drill
            self.followUpDrill = followUpDrill
        }
    }

    /// What the interview produced.
    public struct Outcome {
        public let interviewID: Int64
        public let summary: InterviewSummary
        /// Whether Ctrl-C ended it early.
        public let interrupted: Bool
    }

    /// Called before each answer is recorded; returns what to run when the recording ends.
    /// The CLI attaches the live transcript and nudges here.
    public typealias RecorderHook = (PracticeRecorder) -> (@Sendable () -> Void)

    public let plan: Plan
    public let pipeline: ScorePipeline
    public let transcriber: TranscriberSelection
    public let speaker: Speaker
    public let source: CaptureSource
    public let store: SessionStore
    /// Where answers are recorded until they are stored.
    public let takesFolder: URL
    public let recording: RecordingOptions
    public let stopSources: PracticeRecorder.StopSources
    public let recorderHook: RecorderHook?
    /// Asks an LLM tier for a grounded follow-up first (`nil`: evidence rules only).
    public let followUpAsker: FollowUpAsker?

    public init(plan: Plan, pipeline: ScorePipeline, transcriber: TranscriberSelection, speaker: Speaker, source: CaptureSource,
                store: SessionStore, takesFolder: URL, recording: RecordingOptions,
                stopSources: PracticeRecorder.StopSources = .interactive, recorderHook: RecorderHook? = nil,
                followUpAsker: FollowUpAsker? = nil) {
        self.plan = plan
        self.pipeline = pipeline
        self.transcriber = transcriber
        self.speaker = speaker
        self.source = source
        self.store = store
        self.takesFolder = takesFolder
        self.recording = recording
        self.stopSources = stopSources
        self.recorderHook = recorderHook
        self.followUpAsker = followUpAsker
    }

    /// Runs the whole interview.
    /// - Throws: `SessionError.noQuestions`; audio, voice and store errors (the turns stored so
    ///   far stay stored).
    public func run(display: any InterviewDisplay, now: () -> Date = Date.init) throws -> Outcome {
        guard !plan.questions.isEmpty else { throw SessionError.noQuestions(source: "the drill '\(plan.drill.id)'") }
        do throws(RawPath.Errno) {
            try RawPath.makeDirectories(takesFolder.path)
        } catch {
            throw StoreError.cannotCreateDirectory(path: takesFolder.path, reason: DataLocation.describe(errno: error.code))
        }
        let capture = try source.open(blockFrames: PracticeRecorder.blockFrames)
        defer { capture.stop() }
        // Each turn keeps the recognisers loaded for the next (a Whisper worker restart is about
        // 1 s, a pocketsphinx decoder about 0.7 s); they are freed when the interview ends.
        defer { transcriber.releaseEngines() }
        let interviewID = try store.beginInterview(createdAt: now(), drill: plan.drill.id, voice: speaker.voice.summary)

        var turns: [InterviewSummary.Turn] = []
        var rubrics: [Int: ScoreRubric] = [:]
        var position = 0
        var interrupted = false
        questions: for (index, question) in plan.questions.enumerated() {
            position += 1
            var turn = InterviewTurnPlan(position: position, questionNumber: index + 1, kind: .question, text: question, followUp: nil)
            let first = try take(turn, drill: plan.drill, capture: capture, interviewID: interviewID, display: display, now: now)
            turns.append(first.summary)
            if let answer = first.answer { rubrics[turn.position] = answer.rubric }
            if first.interrupted { interrupted = true; break questions }
            guard let answer = first.answer else { continue }
            for followUp in followUps(for: answer, question: question).prefix(plan.followUpsPerQuestion) {
                position += 1
                turn = InterviewTurnPlan(position: position, questionNumber: index + 1, kind: .followUp, text: followUp.text, followUp: followUp)
                let next = try take(turn, drill: plan.followUpDrill, capture: capture, interviewID: interviewID, display: display, now: now)
                turns.append(next.summary)
                if next.interrupted { interrupted = true; break questions }
                if next.answer == nil { break }
            }
        }
        let summary = InterviewSummary.make(turns: turns, answers: rubrics)
        try store.finishInterview(id: interviewID, summaryJSON: Data(try StableJSON.encode(summary).utf8))
        return Outcome(interviewID: interviewID, summary: summary, interrupted: interrupted)
    }

    /// The follow-ups for an answer: an LLM tier's grounded question first when one is
    /// configured and gives one, then the on-device evidence rules.
    func followUps(for answer: ScoredAnswer, question: String) -> [FollowUp] {
        var result = FollowUpPlanner.followUps(for: answer, drill: plan.drill)
        if plan.followUpsPerQuestion > 0,
           let asked = followUpAsker?.ask(transcript: answer.transcript, question: question, options: pipeline.settings.scoring) {
            result.insert(FollowUp(text: asked.question, reason: "about “\(asked.quote)” (\(asked.provider.rawValue) \(asked.model))",
                                   source: .llm), at: 0)
        }
        return result
    }

    /// One turn: say, record, score, save.
    private func take(_ turn: InterviewTurnPlan, drill: Drill, capture: AudioCapture, interviewID: Int64,
                      display: any InterviewDisplay, now: () -> Date)
        throws -> (summary: InterviewSummary.Turn, answer: ScoredAnswer?, interrupted: Bool)
    {
        display.asking(turn)
        try speaker.say(turn.text)
        let path = takesFolder.appendingPathComponent("interview-\(interviewID)-\(turn.position)-\(getpid()).wav").path
        let recorder = PracticeRecorder(source: source, outputPath: path, options: recording,
                                        display: display.recording, stopSources: stopSources)
        let finishHook = recorderHook?(recorder)
        let result: RecordingResult
        do {
            result = try recorder.record(on: capture)
            finishHook?()
        } catch {
            finishHook?()
            throw error
        }
        let interrupted = result.stopReason == .interrupted || result.stopReason == .cancelled
        var summary = InterviewSummary.Turn(
            position: turn.position, questionNumber: turn.questionNumber, kind: turn.kind.rawValue, text: turn.text,
            reason: turn.followUp?.reason, sessionID: nil, overall: nil, outcome: "no answer")
        func unanswered(_ why: String) throws -> (summary: InterviewSummary.Turn, answer: ScoredAnswer?, interrupted: Bool) {
            RawPath.unlink(path)
            display.unanswered(turn, why: why)
            try store.addInterviewTurn(record(turn, sessionID: nil, outcome: summary.outcome), interviewID: interviewID)
            return (summary, nil, interrupted)
        }
        if result.stopReason == .noSpeech || !result.speechDetected || result.frames == 0 {
            let waited = FixedDecimal.format(result.durationSeconds, 1)
            return try unanswered(result.stopReason == .noSpeech ? "no answer: nobody spoke for \(waited) s" : "no answer: no speech was heard")
        }
        display.scoring(turn)
        let answer: ScoredAnswer
        let snapshot = try InputSnapshot(path: path)
        do {
            answer = try pipeline.with(drill: drill, prompt: turn.text)
                .score(snapshot, transcriber: transcriber, keepEnginesLoaded: true)
        } catch SessionError.noSpeech {
            return try unanswered("no answer: the recording holds no speech")
        }
        let sessionID = try SessionRecorder.save(answer, snapshot: snapshot, store: store, at: now())
        RawPath.unlink(path)
        summary.sessionID = sessionID
        summary.overall = answer.rubric.overall
        summary.outcome = "answered"
        try store.addInterviewTurn(record(turn, sessionID: sessionID, outcome: summary.outcome), interviewID: interviewID)
        display.answered(turn, answer: answer, sessionID: sessionID)
        return (summary, answer, interrupted)
    }

    private func record(_ turn: InterviewTurnPlan, sessionID: Int64?, outcome: String) -> InterviewTurnRecord {
        InterviewTurnRecord(position: turn.position, questionNumber: turn.questionNumber, kind: turn.kind, text: turn.text,
                            reason: turn.followUp?.reason, sessionID: sessionID, outcome: outcome)
    }
}
