import Foundation
import SavvyDSP
import SavvySession
import SavvyStore

/// What one session's HTML report is drawn from: the stored session and its latest scoring,
/// plus the per-frame tracks of the stored recording analysed again (the store keeps the
/// summaries, not 100 frames a second).
struct SessionReportInput {
    let session: StoredSession
    let answer: ScoredAnswer
    /// How many scorings the session has (the report shows the latest).
    let scoringCount: Int
    /// Loudness and pitch per 10 ms frame; nil when the recording could not be read again.
    let tracks: FrameTracks?
    /// Why `tracks` is nil, one lower-case line for the page.
    let tracksNote: String?
}
