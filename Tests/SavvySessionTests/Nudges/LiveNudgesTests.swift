import XCTest
@testable import SavvySession

/// Issue 12: the live nudge logic on synthetic live transcripts — a partial hypothesis that grows
/// at a known rate, observed ten times a second as the status line does.
final class LiveNudgesTests: XCTestCase {
    /// Feeds a transcript growing at `wpm` words per minute (word `i` appears at i × 60 / wpm s)
    /// for `seconds`, with `filler` replacing every `fillerEvery`-th word when given. Returns the
    /// nudges given and the tracker.
    private func speak(wpm: Double, seconds: Double, filler: (word: String, every: Int)? = nil,
                       settings: LiveNudges.Settings = LiveNudges.Settings()) -> (nudges: [Nudge], tracker: LiveNudges) {
        var tracker = LiveNudges(settings: settings)
        var nudges: [Nudge] = []
        var words: [String] = []
        for tick in 1...Int(seconds * 10) {
            let time = Double(tick) / 10
            while Double(words.count) * 60 / wpm <= time {
                let index = words.count + 1
                words.append(filler.map { index % $0.every == 0 ? $0.word : "word\(index)" } ?? "word\(index)")
            }
            if let nudge = tracker.observe(partial: words.joined(separator: " "), at: time) { nudges.append(nudge) }
        }
        return (nudges, tracker)
    }

    func testIssue12_tooFastDrawsSlowDownAndTheGapIsRespected() {
        let run = speak(wpm: 210, seconds: 40)
        XCTAssertFalse(run.nudges.isEmpty)
        XCTAssertTrue(run.nudges.allSatisfy { $0.kind == .slowDown }, "\(run.nudges)")
        // Not before enough speech to judge plus the sustain time outside the band.
        let settings = LiveNudges.Settings()
        XCTAssertGreaterThanOrEqual(run.nudges[0].at, settings.minimumSpeechSeconds + settings.sustainSeconds - 0.1)
        for (earlier, later) in zip(run.nudges, run.nudges.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.at - earlier.at, settings.minimumGapSeconds)
        }
        // Over 40 s with a 15 s gap: at most three.
        XCTAssertLessThanOrEqual(run.nudges.count, 3)
        XCTAssertEqual(run.tracker.wordsPerMinute(at: 40) ?? 0, 210, accuracy: 8)
        XCTAssertEqual(run.nudges[0].text, "slow down")
    }

    func testIssue12_paceInsideTheBandDrawsNoNudge() {
        for wpm in [125.0, 145, 160] {
            let run = speak(wpm: wpm, seconds: 60)
            XCTAssertEqual(run.nudges, [], "\(wpm) wpm")
            XCTAssertEqual(run.tracker.wordsPerMinute(at: 60) ?? 0, wpm, accuracy: 8, "\(wpm) wpm")
        }
    }

    func testIssue12_slowStretchDrawsSpeedUp() {
        let run = speak(wpm: 80, seconds: 30)
        XCTAssertEqual(run.nudges.first?.kind, .speedUp)
    }

    func testIssue12_fillerClusterDrawsPauseInsteadOfUm() {
        // 140 wpm (in the band) with every fourth word "um": a cluster every ~7 s of speech.
        let run = speak(wpm: 140, seconds: 30, filler: ("um", 4))
        XCTAssertEqual(run.nudges.first?.kind, .fillers)
        XCTAssertEqual(run.nudges.first?.text, "pause instead of um")
        XCTAssertEqual(run.tracker.fillerCount, 70 / 4)
        // Hesitations are not words: the pace counts only the other three in four.
        XCTAssertEqual(run.tracker.wordsPerMinute(at: 30) ?? 0, 105, accuracy: 8)
    }

    func testIssue12_revisedWordsKeepTheirTimes() {
        var tracker = LiveNudges()
        _ = tracker.observe(partial: "so the first thing", at: 1)
        _ = tracker.observe(partial: "so the worst thing i", at: 2)
        _ = tracker.observe(partial: "so the worst thing i noticed", at: 6)
        // Six words, four stamped at 1 s: the revision of word three did not restamp it.
        XCTAssertEqual(tracker.wordsPerMinute(at: 6) ?? 0, 6.0 / 5 * 60, accuracy: 0.01)
    }

    func testIssue12_noNudgesBeforeEnoughSpeech() {
        let run = speak(wpm: 260, seconds: 4)
        XCTAssertEqual(run.nudges, [])
        XCTAssertNil(run.tracker.wordsPerMinute(at: 4))
    }
}
