import SavvyASR
import SavvyAudio
import SavvyCoach

/// Everything one scoring of one recording produced.
public struct ScoredAnswer {
    /// The recording: where it is, its native sample rate and its length.
    public struct Source {
        public let path: String
        public let sampleRate: Int
        public let durationSeconds: Double
        /// SHA-256 of the file's bytes (lower-case hex), when the file was read for this scoring.
        public let sha256: String?

        public init(path: String, sampleRate: Int, durationSeconds: Double, sha256: String? = nil) {
            self.path = path
            self.sampleRate = sampleRate
            self.durationSeconds = durationSeconds
            self.sha256 = sha256
        }

        public init(_ info: AudioFileInfo, sha256: String? = nil) {
            self.init(path: info.path, sampleRate: info.sampleRate, durationSeconds: info.durationSeconds, sha256: sha256)
        }
    }

    public let source: Source
    public let transcript: Transcript
    public let metrics: SpeechMetrics
    public let rubric: ScoreRubric
    /// Why this engine was used ("auto: whisper, installed at …"), for the report's footer.
    public let engineReason: String?

    public init(source: Source, transcript: Transcript, metrics: SpeechMetrics, rubric: ScoreRubric, engineReason: String?) {
        self.source = source
        self.transcript = transcript
        self.metrics = metrics
        self.rubric = rubric
        self.engineReason = engineReason
    }

    /// Fillers per minute as stored for `history`: nil when the transcript is not trusted, since
    /// discourse fillers are words and a hesitations-only rate would read as the answer's (wpm
    /// is already nil then: no words are counted).
    public var judgedFillersPerMinute: Double? {
        transcript.check?.trusted == false ? nil : metrics.fillers.perMinute
    }
}
