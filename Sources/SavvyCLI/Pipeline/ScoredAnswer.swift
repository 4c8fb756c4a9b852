import SavvyASR
import SavvyAudio
import SavvyCoach
import SavvyDSP

/// Everything one scoring of one recording produced.
struct ScoredAnswer {
    let source: AudioFileInfo
    let transcript: Transcript
    let metrics: SpeechMetrics
    let rubric: ScoreRubric
    /// Why this engine was used ("auto: whisper, installed at …"), for the report's footer.
    let engineReason: String?
}
