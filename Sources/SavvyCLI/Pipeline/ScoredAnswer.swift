import SavvyASR
import SavvyAudio
import SavvyCoach

/// Everything one scoring of one recording produced.
struct ScoredAnswer {
    /// The recording: where it is, its native sample rate and its length.
    struct Source {
        let path: String
        let sampleRate: Int
        let durationSeconds: Double

        init(path: String, sampleRate: Int, durationSeconds: Double) {
            self.path = path
            self.sampleRate = sampleRate
            self.durationSeconds = durationSeconds
        }

        init(_ info: AudioFileInfo) {
            self.init(path: info.path, sampleRate: info.sampleRate, durationSeconds: info.durationSeconds)
        }
    }

    let source: Source
    let transcript: Transcript
    let metrics: SpeechMetrics
    let rubric: ScoreRubric
    /// Why this engine was used ("auto: whisper, installed at …"), for the report's footer.
    let engineReason: String?
}
