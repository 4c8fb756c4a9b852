import XCTest
import SavvyASR
@testable import SavvyCLI

/// Issue 9: the coverage line names what became of each loop, and says when a loop came after
/// the speech ended (the recogniser's, not the speaker's), so nobody looks for their own repetition.
final class TranscriptCoverageTextTests: XCTestCase {
    private func transcript(loops: [TranscriptCheck.Loop]) -> Transcript {
        var transcript = Transcript(words: [], engine: "whisper", model: "tiny.en")
        transcript.check = TranscriptCheck(
            speechSeconds: 30, coverage: 0.81, unrecognised: [], redecodedStretches: 0, recoveredStretches: 0,
            recoveredWords: 0, loops: loops, meanConfidence: 0.8, agreement: 0.3, trusted: true, reason: nil)
        return transcript
    }

    func testIssue9_TrailingLoopIsNamedAsAfterTheSpeech() throws {
        let stretch = TranscriptCheck.Stretch(start: 29.98, end: 29.98)
        let line = try XCTUnwrap(TranscriptText.coverage(transcript(loops: [
            TranscriptCheck.Loop(stretch: stretch, phrase: "thank you for your time", repeats: 16, redecoded: false, trailing: true),
        ])))
        XCTAssertEqual(line, "words cover 81 % of the speech · a phrase the recogniser repeated after the speech ended (0:30.0) removed")
    }

    func testLoopsOverSpeechSayWhetherTheyWereDecodedAgain() throws {
        let line = try XCTUnwrap(TranscriptText.coverage(transcript(loops: [
            TranscriptCheck.Loop(stretch: TranscriptCheck.Stretch(start: 3, end: 9), phrase: "i'm not a fan", repeats: 5, redecoded: true),
            TranscriptCheck.Loop(stretch: TranscriptCheck.Stretch(start: 12, end: 20), phrase: "the game", repeats: 7, redecoded: false),
        ])))
        XCTAssertEqual(line, "words cover 81 % of the speech · a repetition loop at 0:03.0 decoded again · a repetition loop at 0:12.0 removed")
    }
}
