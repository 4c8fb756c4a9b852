import SavvyASR
import XCTest

@testable import SavvyCoach

/// Transcripts with markers: `[...]` encloses a phrase that must be found as one filler, `|` is a
/// pause (0.6 s gap); every other word is a non-filler. Words last 0.25 s with 0.05 s gaps.
final class FillerDetectorTests: XCTestCase {
    struct Marked {
        var transcript: Transcript
        /// The tokens as written, punctuation kept ("engineer,").
        var displays: [String?]
        var expected: [String]
        var expectedStarts: [Double]
    }

    static func parse(_ marked: String) -> Marked {
        var words: [TranscriptWord] = []
        var displays: [String?] = []
        var expected: [String] = []
        var starts: [Double] = []
        var time = 0.0
        var open: [String]?
        var openStart = 0.0
        var pendingPause = false
        for raw in marked.split(separator: " ").map(String.init) {
            if raw == "|" {
                pendingPause = true
                continue
            }
            var token = raw
            if token.hasPrefix("[") {
                token.removeFirst()
                open = []
                openStart = time + (pendingPause ? 0.6 : 0.05)
            }
            let closes = token.hasSuffix("]") || token.dropLast().hasSuffix("]")
            token = token.replacingOccurrences(of: "]", with: "")
            let display = token
            while let last = token.last, ".,?!;:…".contains(last) { token.removeLast() }
            time += pendingPause ? 0.6 : 0.05
            pendingPause = false
            words.append(TranscriptWord(text: token.lowercased(), start: time, end: time + 0.25, confidence: 0.9))
            displays.append(display)
            time += 0.25
            if open != nil { open!.append(token.lowercased()) }
            if closes, let phrase = open {
                expected.append(phrase.joined(separator: " "))
                starts.append(openStart)
                open = nil
            }
        }
        return Marked(transcript: Transcript(words: words, engine: "test", model: "marked"), displays: displays,
                      expected: expected, expectedStarts: starts)
    }

    func testMarkedTranscripts() {
        let cases: [(id: String, marked: String)] = [
            ("brief-example", "[so] [um] I was [like] leading the team and I like this"),
            ("hesitations", "[uh] we shipped it [er] on time [hmm]"),
            ("like-verb", "we like this and they would like that"),
            ("like-comparison", "it was like putty and it looks like rain"),
            ("like-preposition", "a tool like a hammer works"),
            ("like-before-pause", "and it was [like] | really hard"),
            ("like-quotative", "she was [like] I don't know"),
            ("like-after-filler", "[um] [like] we had three weeks"),
            ("you-know-marker", "it was hard [you know] | but we did it"),
            ("you-know-object", "you know the answer and do you know what"),
            ("you-know-end", "we finished early [you know]"),
            ("i-mean-marker", "[i mean] we could have waited"),
            ("i-mean-object", "i mean it and that is what i mean to say"),
            ("kind-of-noun", "what kind of car do you drive"),
            ("kind-of-hedge", "it was [kind of] hard and [sort of] messy"),
            ("sort-of-determiner", "a sort of plan emerged"),
            ("so-that", "i stayed late so that we could ship"),
            ("so-intensifier", "it was so hard"),
            ("so-clause-start-result", "we were late | so we apologised"),
            ("so-clause-start-stall", "we were late | [so] | we apologised"),
            ("so-much", "so much work went in"),
            ("well-start", "[well] i think it went fine"),
            ("well-adverb", "it went well and they did well"),
            ("basically-edge", "[basically] we rebuilt it | and it [actually] | worked"),
            ("actually-mid", "it actually worked"),
            ("literally-end", "i was there [literally]"),
            ("right-tag", "that was the plan [right] | [so] we went"),
            ("right-word", "that's right and turn right"),
            ("right-adjective", "the right answer"),
        ]
        let detector = FillerDetector()
        for testCase in cases {
            let marked = Self.parse(testCase.marked)
            let hits = detector.detect(in: marked.transcript)
            XCTAssertEqual(hits.map(\.text), marked.expected, "case \(testCase.id)")
            XCTAssertEqual(hits.map(\.start), marked.expectedStarts, "case \(testCase.id) (start times)")
            XCTAssertTrue(hits.allSatisfy { $0.source == .lexicon && $0.confidence == 0.9 }, "case \(testCase.id)")
        }
    }

    /// Whisper's punctuation decides clause boundaries where it is present: a comma says the
    /// sentence runs on (however long the pause), a full stop or "..." that a new one starts.
    func testIssue9_PunctuatedTranscripts() {
        let cases: [(id: String, marked: String)] = [
            ("so-connector-after-comma", "I was the on-call engineer, | so it was on me."),
            ("so-connector-no-pause", "I was the on-call engineer, so it was on me."),
            ("so-sentence-start-result", "We were late. So we apologised."),
            ("so-sentence-start-stall", "We were late. [So,] we apologised."),
            ("so-result-callfriend", "And the thing is, you don't know. So you don't even know that you don't know."),
            ("so-answer-start", "[So,] I led the team."),
            ("so-trailing-off", "and then [so...] we waited."),
            ("so-stall-after-comma", "the engineer, and [so,] [um,] it was me."),
            ("so-repeated", "it was, [so] [so] we shipped."),
            ("so-think-so", "I think so. [So,] we went."),
            ("so-that-after-stop", "We stayed. So that we could ship."),
            ("well-comma", "[Well,] I think it went fine."),
            ("well-adverb-before-comma", "It went well, and they did well."),
            ("like-commas", "It was, [like,] really hard."),
            ("like-verb-after-comma", "Honestly, I like this."),
            ("you-know-comma", "It was hard, [you know,] but we did it."),
            ("you-know-object", "You know the answer."),
            ("pause-without-punctuation", "we were late | [well] we apologised"),
            // Real speech: the CallFriend telephone fragment in Debian's transcriber package, as
            // Whisper tiny.en wrote it; the marks follow the LDC human transcript
            // (bench/labels/know-discourse.json).
            ("callfriend-know", "He's a bit silly at show. [I mean,] [you know,] you really don't have to put up with "
                + "the answer. You know what, Ann? It's [like,] [I mean,] I just didn't know. [You know,] everyone tells "
                + "me you don't know. And the thing is, you don't know. So you don't even know that you don't know. You "
                + "know what I mean? It's [like,] I don't know. [You know,] I just"),
        ]
        let detector = FillerDetector()
        for testCase in cases {
            let marked = Self.parse(testCase.marked)
            let hits = detector.detect(in: marked.transcript.words, displays: marked.displays)
            XCTAssertEqual(hits.map(\.text), marked.expected, "case \(testCase.id)")
            XCTAssertEqual(hits.map(\.start), marked.expectedStarts, "case \(testCase.id) (start times)")
        }
    }

    func testVADSilenceMarksAPauseTheASRClosed() {
        // "like" runs straight into "really" in the word times, but the VAD heard a pause.
        let words = ["and", "it", "was", "like", "really", "hard"].enumerated().map { index, text in
            TranscriptWord(text: text, start: Double(index) * 0.3, end: Double(index) * 0.3 + 0.3, confidence: 1)
        }
        let transcript = Transcript(words: words, engine: "test", model: "m")
        XCTAssertEqual(FillerDetector().detect(in: transcript).map(\.text), [])
        XCTAssertEqual(FillerDetector().detect(in: transcript, silences: [(start: 1.15, end: 1.6)]).map(\.text), ["like"])
    }

    func testMultiWordConfidenceIsTheLowestWord() {
        let transcript = Transcript(words: [
            TranscriptWord(text: "you", start: 0, end: 0.2, confidence: 0.9),
            TranscriptWord(text: "know", start: 0.2, end: 0.4, confidence: 0.4),
        ], engine: "t", model: "m")
        let hits = FillerDetector().detect(in: transcript)
        XCTAssertEqual(hits, [FillerHit(start: 0, end: 0.4, text: "you know", source: .lexicon, confidence: 0.4)])
    }

    func testLexiconFileAddsReplacesAndRemoves() {
        let text = """
        # my fillers
        always erm
        clause-start okay   # discourse okay
        off right
        always like
        """
        let (lexicon, invalid) = FillerLexicon.parse(text)
        XCTAssertEqual(invalid, [])
        XCTAssertTrue(lexicon.entries.contains(.init(words: ["okay"], rule: .clauseStart)))
        XCTAssertFalse(lexicon.entries.contains { $0.words == ["right"] })
        XCTAssertEqual(lexicon.entries.filter { $0.words == ["like"] }.map(\.rule), [.always])
        let marked = Self.parse("[okay] we like [erm] it [like] the plan was right")
        let hits = FillerDetector(lexicon: lexicon).detect(in: marked.transcript)
        XCTAssertEqual(hits.map(\.text), ["okay", "like", "erm", "like"])
    }

    func testLexiconFileErrorsNameTheLine() {
        let cases: [(id: String, text: String, expected: [FillerLexicon.InvalidLine])] = [
            ("unknown-rule", "sometimes like", [.init(line: 1, detail: "unknown rule 'sometimes' (use one of off, always, clause-start, clause-edge, like, discourse, hedge, tag)")]),
            ("missing-phrase", "\nalways   # nothing", [.init(line: 2, detail: "'always' needs a phrase after it")]),
            ("valid", "hedge more or less\n\n# c", []),
        ]
        for testCase in cases {
            XCTAssertEqual(FillerLexicon.parse(testCase.text).invalidLines, testCase.expected, "case \(testCase.id)")
        }
    }
}
