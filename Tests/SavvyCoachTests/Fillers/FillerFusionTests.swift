import SavvyASR
import SavvyDSP
import SavvyTestSupport
import XCTest

@testable import SavvyCoach

/// Merging fillers from the two decodes and the audio by time: each hesitation counts once.
final class FillerFusionTests: XCTestCase {
    private func hit(_ text: String, _ start: Double, _ end: Double, _ source: FillerSource = .lexicon) -> FillerHit {
        FillerHit(start: start, end: end, text: text, source: source, confidence: 0.8)
    }

    private func pause(_ start: Double, _ end: Double) -> FilledPause {
        FilledPause(span: TimeSpan(start: start, end: end), medianHz: 110, pitchSDSemitones: 0.2, confidence: 0.7)
    }

    /// `duration` seconds of silence with a 120 Hz voiced buzz (five harmonics) over `voiced`.
    private func delivery(duration: Double, voiced: [ClosedRange<Double>]) throws -> DeliveryAnalysis {
        var samples = TestSignals.silence(duration: duration)
        for span in voiced {
            for i in Int(span.lowerBound * 16_000)..<Int(span.upperBound * 16_000) {
                let t = Double(i) / 16_000
                samples[i] = Float((1...5).reduce(0.0) { $0 + 0.3 / Double($1) * sin(2 * .pi * 120 * Double($1) * t) })
            }
        }
        return try DeliveryAnalyzer().analyze(samples: samples, sampleRate: 16_000)
    }

    private func word(_ start: Double, _ end: Double, _ confidence: Double) -> (span: TimeSpan, confidence: Double) {
        (TimeSpan(start: start, end: end), confidence)
    }

    func testIssue9_MergeByTime() {
        let cases: [(id: String, words: [FillerHit], verbatim: [FillerHit], acoustic: [FilledPause],
                     recognised: [(span: TimeSpan, confidence: Double)], expected: [FillerHit])] = [
            ("same um in both decodes counts once, as the words' hit spanning both",
             [hit("um", 1.0, 1.3)], [hit("umm", 1.2, 1.6)], [], [], [hit("um", 1.0, 1.6)]),
            ("um only the verbatim decode wrote is added",
             [], [hit("uh", 2.0, 2.3)], [], [], [hit("uh", 2.0, 2.3, .verbatim)]),
            ("two ums with a word between them stay two",
             [hit("um", 1.0, 1.3)], [hit("um", 1.0, 1.3), hit("um", 1.8, 2.1)], [], [word(1.35, 1.75, 0.9)],
             [hit("um", 1.0, 1.3), hit("um", 1.8, 2.1, .verbatim)]),
            ("midpoints 0.3 s apart are one filler even across a word",
             [hit("uh", 1.0, 1.2)], [hit("uh", 1.3, 1.5)], [], [word(1.2, 1.3, 0.9)], [hit("uh", 1.0, 1.5)]),
            ("Whisper's late zero-length um and the held vowel before it are one filler, timed by both",
             [], [hit("um", 7.48, 7.48)], [pause(6.69, 7.23)], [word(7.52, 7.8, 0.9)], [hit("um", 6.69, 7.48, .verbatim)]),
            ("an um and a held vowel 0.9 s apart with a word between are two",
             [], [hit("um", 7.48, 7.48)], [pause(6.4, 6.7)], [word(6.75, 7.4, 0.9)],
             [FillerHit(start: 6.4, end: 6.7, text: "<filled pause>", source: .acoustic, confidence: 0.7),
              hit("um", 7.48, 7.48, .verbatim)]),
            ("hesitations more than 1 s apart are two even with no word between",
             [hit("uh", 1.0, 1.2)], [hit("uh", 2.2, 2.4)], [], [], [hit("uh", 1.0, 1.2), hit("uh", 2.2, 2.4, .verbatim)]),
            ("acoustic hit on a verbatim um is not counted again",
             [], [hit("um", 3.0, 3.4)], [pause(3.1, 3.5)], [], [hit("um", 3.0, 3.5, .verbatim)]),
            ("acoustic hit in a gap between words is added",
             [], [], [pause(5.0, 5.4)], [word(4.0, 4.9, 0.9), word(5.5, 6.0, 0.9)],
             [FillerHit(start: 5.0, end: 5.4, text: "<filled pause>", source: .acoustic, confidence: 0.7)]),
            ("acoustic hit under a confident word of either decode is that word's vowel",
             [], [], [pause(5.0, 5.4)], [word(4.9, 5.35, 0.8)], []),
            ("a word the decoder doubted does not hide an acoustic hit",
             [], [], [pause(5.0, 5.4)], [word(4.9, 5.35, 0.3)],
             [FillerHit(start: 5.0, end: 5.4, text: "<filled pause>", source: .acoustic, confidence: 0.7)]),
            ("two hesitations one decode wrote in one gap stay two ('Um, uh,')",
             [], [hit("um", 1.0, 1.2), hit("uh", 1.5, 1.7)], [], [],
             [hit("um", 1.0, 1.2, .verbatim), hit("uh", 1.5, 1.7, .verbatim)]),
            ("an um of the words absorbs only the nearest verbatim hesitation",
             [hit("um", 1.0, 1.3)], [hit("um", 1.05, 1.3), hit("uh", 1.8, 2.0)], [], [],
             [hit("um", 1.0, 1.3), hit("uh", 1.8, 2.0, .verbatim)]),
            ("two acoustic pieces of one long um and its late word count once",
             [], [hit("um", 2.0, 2.0)], [pause(1.2, 1.5), pause(1.53, 1.8)], [],
             [hit("um", 1.2, 2.0, .verbatim)]),
            ("two held vowels apart in one gap are two hesitations",
             [], [], [pause(1.0, 1.3), pause(1.6, 1.9)], [],
             [FillerHit(start: 1.0, end: 1.3, text: "<filled pause>", source: .acoustic, confidence: 0.7),
              FillerHit(start: 1.6, end: 1.9, text: "<filled pause>", source: .acoustic, confidence: 0.7)]),
            ("a discourse filler next to an um is a second filler ('so, um')",
             [hit("so", 0.0, 0.2), hit("you know", 4.0, 4.4)], [hit("um", 0.4, 0.6)], [], [],
             [hit("so", 0.0, 0.2), hit("um", 0.4, 0.6, .verbatim), hit("you know", 4.0, 4.4)]),
        ]
        let fusion = FillerFusion()
        for testCase in cases {
            let merged = fusion.merge(words: testCase.words, verbatim: testCase.verbatim, acoustic: testCase.acoustic,
                                      recognised: testCase.recognised, hesitations: ["um", "umm", "uh"])
            XCTAssertEqual(merged, testCase.expected, "case \(testCase.id)")
        }
    }

    func testIssue9_MetricsEngineReadsTheVerbatimPassAndPunctuation() throws {
        // "I was the on-call engineer, so it was on me": the words say "so" after a comma and a
        // 0.4 s pause (a connector); only the verbatim decode wrote the "Um," in that pause.
        func word(_ display: String, _ start: Double, _ end: Double) -> TranscriptWord {
            let text = display.lowercased().trimmingCharacters(in: .punctuationCharacters)
            return TranscriptWord(text: text, start: start, end: end, confidence: 0.9, display: display)
        }
        let spoken = [word("I", 0.2, 0.3), word("was", 0.3, 0.5), word("the", 0.5, 0.6), word("on-call", 0.6, 1.0),
                      word("engineer,", 1.0, 1.5), word("so", 1.9, 2.1), word("it", 2.1, 2.2), word("was", 2.2, 2.4),
                      word("on", 2.4, 2.5), word("me.", 2.5, 2.8)]
        var verbatim = spoken
        verbatim.insert(word("Um,", 1.55, 1.8), at: 5)
        let transcript = Transcript(words: spoken, engine: "whisper", model: "test", verbatimPass: verbatim)
        // The "um" is voiced; the acoustic detector may hear it too, which merges into the word.
        let delivery = try delivery(duration: 3, voiced: [1.55...1.8])
        let engine = MetricsEngine(filledPauseDetector: try FilledPauseDetector())
        let fillers = engine.metrics(delivery: delivery, transcript: transcript).fillers
        XCTAssertEqual(fillers.items.map(\.text), ["um"])
        XCTAssertEqual(fillers.items.map(\.source), [.verbatim])
        XCTAssertEqual(fillers.lexiconCount, 0)

        // Over silence the verbatim decode's "um" was not heard: no voice near it.
        let silent = try DeliveryAnalyzer().analyze(samples: TestSignals.silence(duration: 3), sampleRate: 16_000)
        XCTAssertEqual(engine.metrics(delivery: silent, transcript: transcript).fillers.count, 0)
        // The pipeline also puts it into the words (HesitationMerge); it is judged there too. (The
        // "so" right after an "um" is then a stall by the position rules.)
        let merged = HesitationMerge.merge(transcript)
        XCTAssertEqual(merged.words.map(\.text).filter { $0 == "um" }.count, 1, "the words hold the verbatim um too")
        XCTAssertEqual(engine.metrics(delivery: silent, transcript: merged).fillers.items.map(\.text), ["so"])
        XCTAssertEqual(engine.metrics(delivery: delivery, transcript: merged).fillers.items.map(\.text), ["um", "so"])

        // Without the verbatim pass and the punctuation (pocketsphinx), the pause makes the "so" a
        // clause start, but it runs straight into its clause: the result connector, not a filler.
        let plain = Transcript(words: spoken.map { TranscriptWord(text: $0.text, start: $0.start, end: $0.end, confidence: 0.9) },
                               engine: "pocketsphinx", model: "test")
        XCTAssertEqual(engine.metrics(delivery: silent, transcript: plain).fillers.items.map(\.text), [])
    }

    func testIssue9_AWordStretchedOverAHesitationDoesNotOwnIt() throws {
        // Whisper times "made" over 1.0–2.6 s, across the speaker's held "um" at 1.9–2.4 s that
        // no decode wrote: 1.6 s is far more than four letters take, so the word does not own
        // that sound and the acoustic hit stands. The same sound under "considered" timed
        // 1.85–2.45 s (0.6 s for ten letters) is that word's vowel.
        func word(_ text: String, _ start: Double, _ end: Double) -> TranscriptWord {
            TranscriptWord(text: text, start: start, end: end, confidence: 0.9)
        }
        let delivery = try delivery(duration: 3.2, voiced: [1.9...2.4])
        let engine = MetricsEngine(filledPauseDetector: try FilledPauseDetector())
        let stretched = Transcript(words: [word("it", 0.5, 0.7), word("was", 0.7, 1.0), word("made", 1.0, 2.6),
                                           word("here", 2.6, 2.9)], engine: "whisper", model: "test")
        let found = engine.metrics(delivery: delivery, transcript: stretched).fillers.items
        XCTAssertEqual(found.map(\.source), [.acoustic])
        XCTAssertEqual(try XCTUnwrap(found.first).start, 1.9, accuracy: 0.05)
        let timed = Transcript(words: [word("it", 0.5, 0.7), word("was", 0.7, 1.0), word("carefully", 1.0, 1.85),
                                       word("considered", 1.85, 2.45), word("here", 2.6, 2.9)], engine: "whisper", model: "test")
        XCTAssertEqual(engine.metrics(delivery: delivery, transcript: timed).fillers.items.count, 0)
        XCTAssertFalse(FillerFusion().plausiblyTimed(TimeSpan(start: 1.0, end: 2.6), letters: 4))
        XCTAssertTrue(FillerFusion().plausiblyTimed(TimeSpan(start: 1.0, end: 1.6), letters: 4))
    }

    func testIssue9_UntrustedTranscriptStillPlacesHesitations() throws {
        // Words too few to trust for content (coverage, say): metrics see none, but the "um"
        // both decodes wrote is a sound the speaker made, while "like" is a word and is not judged.
        func word(_ display: String, _ start: Double, _ end: Double) -> TranscriptWord {
            let text = display.lowercased().trimmingCharacters(in: .punctuationCharacters)
            return TranscriptWord(text: text, start: start, end: end, confidence: 0.9, display: display)
        }
        let words = [word("It", 0.2, 0.4), word("was,", 0.4, 0.7), word("like,", 0.9, 1.2), word("um,", 1.5, 1.9),
                     word("fine.", 2.2, 2.6)]
        let untrusted = Transcript(words: words, engine: "whisper", model: "test", verbatimPass: words)
        var judged = untrusted
        judged.words = []
        judged.verbatimPass = nil
        let delivery = try delivery(duration: 3, voiced: [0.2...0.7, 1.5...1.9, 2.2...2.6])
        let engine = MetricsEngine(filledPauseDetector: try FilledPauseDetector())
        let fillers = engine.metrics(delivery: delivery, transcript: judged, hesitationEvidence: untrusted).fillers
        XCTAssertEqual(fillers.items.map(\.text), ["um"])
        XCTAssertEqual(engine.metrics(delivery: delivery, transcript: untrusted).fillers.items.map(\.text), ["like", "um"])
        // Without the evidence, a word-less search takes every held vowel for a hesitation.
        XCTAssertEqual(engine.metrics(delivery: delivery, transcript: judged).fillers.items.map(\.source),
                       [.acoustic, .acoustic, .acoustic])
    }
}
