import SavvyASR
import XCTest

final class TranscriptCheckerTests: XCTestCase {
    /// Words `texts` spoken one after another from `start`, `step` seconds each.
    func words(_ texts: String, from start: Double, step: Double = 0.4, confidence: Double = 0.9) -> [TranscriptWord] {
        texts.split(separator: " ").enumerated().map { index, text in
            TranscriptWord(text: String(text), start: start + Double(index) * step,
                           end: start + Double(index + 1) * step, confidence: confidence)
        }
    }

    func testLoopDetector() {
        let cases: [(id: String, text: String, loops: [String])] = [
            ("none", "we fixed the build and shipped", []),
            ("a-word-twice", "i i think we shipped", []),
            ("short-phrase-twice", "you know you know it worked", []),
            ("word-three-times", "the the the build", ["the"]),
            ("long-phrase-twice", "i'm not a fan of the game i'm not a fan of the game", ["i'm not a fan of the game"]),
            ("phrase-looped", "so we went there we went there we went there and back", ["we went there"]),
        ]
        for c in cases {
            let found = LoopDetector().loops(c.text.split(separator: " ").map(String.init))
            XCTAssertEqual(found.map { $0.phrase.joined(separator: " ") }, c.loops, c.id)
        }
    }

    /// Issue 9: a looped decode is caught (injected through the re-decode, as a fake worker
    /// would answer) and the window decoded again; when the re-decode loops too, the copies go
    /// and the transcript is not trusted.
    func testIssue9_LoopIsCaughtAndDecodedAgain() throws {
        let looped = words("so i'm not a fan of the game i'm not a fan of the game i'm not a fan of the game", from: 0)
        let transcript = Transcript(words: looped, engine: "whisper", model: "m")
        var windows: [(Double, Double, String?)] = []
        let fixed = try TranscriptChecker().check(
            transcript, speech: [(0, looped.last!.end)], verbatimPrompt: "Umm, uh.",
            redecode: { start, end, prompt in
                windows.append((start, end, prompt))
                return self.words("i was not a fan of the first plan so we changed the game", from: start + 0.1, step: 0.5)
            })
        XCTAssertEqual(windows.count, 1)
        XCTAssertNil(windows[0].2, "the first re-decode has no prompt")
        XCTAssertEqual(fixed.words.prefix(3).map(\.text), ["so", "i", "was"])
        XCTAssertEqual(fixed.check?.loops.map(\.redecoded), [true])
        XCTAssertEqual(fixed.check?.loops.first?.repeats, 3)
        XCTAssertEqual(fixed.check?.trusted, true)

        let stuck = try TranscriptChecker().check(
            transcript, speech: [(0, looped.last!.end)], verbatimPrompt: "Umm, uh.",
            redecode: { start, _, _ in self.words("the game the game the game the game", from: start) })
        XCTAssertEqual(stuck.words.map(\.text), ["so", "i'm", "not", "a", "fan", "of", "the", "game"])
        XCTAssertEqual(stuck.check?.loops.map(\.redecoded), [false])
        XCTAssertEqual(stuck.check?.trusted, false)
        XCTAssertEqual(stuck.check?.reason?.hasPrefix("the recogniser repeated “i'm not a fan of the game” 3 times"), true)
    }

    /// Issue 9: word-less speech is decoded again without and then with the prompt; what stays
    /// word-less is reported, and coverage counts only speech with words.
    func testIssue9_WordlessSpeechIsRedecodedThenReported() throws {
        let spoken = words("we fixed it", from: 0) + words("and it held", from: 8)
        let transcript = Transcript(words: spoken, engine: "whisper", model: "m")
        let speech = [(start: 0.0, end: 1.2), (start: 1.5, end: 6.0), (start: 8.0, end: 9.2)]
        var prompts: [String?] = []
        let reported = try TranscriptChecker().check(transcript, speech: speech, verbatimPrompt: "Umm.",
                                                     redecode: { _, _, prompt in prompts.append(prompt); return [] })
        XCTAssertEqual(prompts, [nil, "Umm."])
        let stretch = try XCTUnwrap(reported.check?.unrecognised.first)
        XCTAssertEqual(stretch.start, 1.5, accuracy: 0.01)
        XCTAssertEqual(stretch.end, 6.0, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(reported.check?.coverage), 1 - 4.5 / 6.9, accuracy: 0.01)
        XCTAssertEqual(reported.check?.trusted, false, "less than half the speech has words")

        let recovered = try TranscriptChecker().check(
            transcript, speech: speech, verbatimPrompt: "Umm.",
            redecode: { start, _, _ in self.words("then we rolled back the schema change", from: start + 0.2, step: 0.6) })
        XCTAssertEqual(recovered.check?.unrecognised, [])
        XCTAssertEqual(recovered.check?.recoveredWords, 7)
        XCTAssertEqual(recovered.words.map(\.text).joined(separator: " "), "we fixed it then we rolled back the schema change and it held")
        XCTAssertEqual(recovered.check?.trusted, true)
    }

    /// Issue 9: garbage or another language trips the gate with one clear reason.
    func testIssue9_TrustGate() throws {
        let english = words("in my last role i was the lead when our billing service failed at the end of the month", from: 0)
        let speech = [(start: 0.0, end: english.last!.end)]
        let cases: [(id: String, words: [TranscriptWord], second: [TranscriptWord]?, reason: String?)] = [
            ("trusted", english, english, nil),
            ("unsure", words("in my last role i was the lead when our billing service failed at the end of the month",
                             from: 0, confidence: 0.3), nil,
             "the recogniser is unsure of most words (mean confidence 0.30)"),
            ("engines-disagree", words("i'm going to go to the hospital now and then we will see the doctor okay",
                                       from: 0), words("him letters yard have ink dust team gala tat", from: 0),
             "the two speech engines agree on only 0 % of the words: the answer may not be in English, or not clear enough to transcribe"),
            ("no-words", [], nil, "no words were recognised in 8 s of speech"),
        ]
        for c in cases {
            let checked = try TranscriptChecker().check(Transcript(words: c.words, engine: "whisper", model: "m"),
                                                        speech: speech, verbatimPrompt: nil, redecode: nil, secondOpinion: c.second)
            XCTAssertEqual(checked.check?.reason, c.reason, c.id)
            XCTAssertEqual(checked.check?.trusted, c.reason == nil, c.id)
        }
    }
}
