import SavvyASR
import XCTest

/// What every `Transcriber` must do, checked on real engines with speech made by espeak-ng.
final class EngineContractTests: XCTestCase {
    static let sentence = "The quarterly report shows that our team finished the project two weeks early and under budget."

    func testContractOnSpokenClip() throws {
        let dir = try AudioTools.makeTemporaryDirectory(self)
        let samples = try AudioTools.speak(Self.sentence, in: dir)
        let duration = Double(samples.count) / 16_000
        let expected = WordErrorRate.normalise(Self.sentence)
        // pocketsphinx mishears espeak's synthetic voice far more than Whisper does.
        let minimumFound: [String: Double] = ["pocketsphinx": 0.4, "whisper": 0.8]
        for engine in try Engines.all() {
            let transcript = try engine.transcribe(samples: samples, sampleRate: 16_000)
            XCTAssertEqual(transcript.engine, engine.engineID)
            XCTAssertFalse(transcript.model.isEmpty)
            XCTAssertFalse(transcript.words.isEmpty, engine.engineID)
            var previous = -Double.infinity
            for word in transcript.words {
                XCTAssertGreaterThanOrEqual(word.start, previous, "\(engine.engineID): '\(word.text)' starts before the word before it")
                XCTAssertLessThanOrEqual(word.start, word.end, engine.engineID)
                XCTAssertGreaterThanOrEqual(word.start, 0, engine.engineID)
                XCTAssertLessThanOrEqual(word.end, duration + 0.011, engine.engineID)
                XCTAssertTrue((0...1).contains(word.confidence), "\(engine.engineID): confidence \(word.confidence)")
                XCTAssertEqual(word.text, word.text.lowercased(), engine.engineID)
                XCTAssertFalse(word.text.contains("(") || word.text.hasPrefix("<") || word.text.hasPrefix("["), engine.engineID)
                previous = word.start
            }
            let heard = WordErrorRate.normalise(transcript.text)
            // Words in spoken order: the longest common subsequence counts only in-order matches.
            let inOrder = Double(WordErrorRate.commonSubsequence(expected, heard)) / Double(expected.count)
            let wer = Double(WordErrorRate.errors(reference: expected, hypothesis: heard)) / Double(expected.count)
            print("\(engine.engineID): \(Int((inOrder * 100).rounded()))% of the words in order, WER \(Int((wer * 100).rounded()))%")
            XCTAssertGreaterThanOrEqual(inOrder, minimumFound[engine.engineID] ?? 1, "\(engine.engineID) heard too few of the words in order")
        }
    }

    func testSameAudioGivesIdenticalTranscripts() throws {
        let dir = try AudioTools.makeTemporaryDirectory(self)
        let first = try AudioTools.speak("We measured the results twice to be sure.", in: dir, name: "a")
        let other = try AudioTools.speak("Something completely different in between.", in: dir, name: "b")
        for engine in try Engines.all() {
            let once = try engine.transcribe(samples: first, sampleRate: 16_000)
            _ = try engine.transcribe(samples: other, sampleRate: 16_000)
            let again = try engine.transcribe(samples: first, sampleRate: 16_000)
            XCTAssertEqual(once, again, "\(engine.engineID) is not deterministic")
        }
    }

    func testSilenceGivesNoPocketSphinxWords() throws {
        let transcript = try Engines.pocketsphinx().transcribe(samples: [Float](repeating: 0, count: 32_000), sampleRate: 16_000)
        XCTAssertEqual(transcript.words, [])
    }

    func testBadInputIsRejected() throws {
        let cases: [(id: String, samples: [Float], rate: Int, error: (String) -> TranscriptionError)] = [
            ("wrong-rate", [0.1, 0.2], 44_100, { .unsupportedSampleRate(engine: $0, got: 44_100, expected: 16_000) }),
            ("empty", [], 16_000, { .emptyAudio(engine: $0) }),
        ]
        for engine in try Engines.all() {
            for testCase in cases {
                XCTAssertThrowsError(try engine.transcribe(samples: testCase.samples, sampleRate: testCase.rate), "case \(testCase.id)") {
                    XCTAssertEqual($0 as? TranscriptionError, testCase.error(engine.engineID), "case \(testCase.id)")
                }
            }
        }
    }

    /// Filler recall on espeak clips: pocketsphinx is boosted by its filler LM, Whisper by its
    /// verbatim prompt (the words of that decode are `verbatimPass`; the unprompted `words` drop
    /// most fillers). Floors are set under the measured rates so a regression fails.
    func testFillerRecall() throws {
        let dir = try AudioTools.makeTemporaryDirectory(self)
        let clips = [
            "So, um, I was leading the team, and, uh, we had three weeks to ship.",
            "Um, the first thing I did was, uh, talk to every engineer.",
            "We found that, um, the tests were slow, and, uh, nobody trusted them.",
            "Uh, I think the result was good. Um, we shipped on time.",
            "The plan was, um, simple. Uh, we cut the scope and, um, moved faster.",
        ]
        let fillerSpellings: Set<String> = ["um", "umm", "uh", "uhh", "uhm", "er", "ah", "hmm"]
        let expected = clips.map { WordErrorRate.normalise($0).filter(fillerSpellings.contains).count }
        let floors: [String: Double] = ["pocketsphinx": 0.5, "whisper": 0.7]
        let samples = try clips.enumerated().map { try AudioTools.speak($0.element, in: dir, name: "filler\($0.offset)") }
        for engine in try Engines.all() {
            var found = 0
            var extra = 0
            for (index, clip) in samples.enumerated() {
                let transcript = try engine.transcribe(samples: clip, sampleRate: 16_000)
                let heard = (transcript.verbatimPass ?? transcript.words).filter { fillerSpellings.contains($0.text) }.count
                found += min(heard, expected[index])
                extra += max(0, heard - expected[index])
            }
            let total = expected.reduce(0, +)
            let recall = Double(found) / Double(total)
            print("\(engine.engineID): filler recall \(found)/\(total) = \(Int((recall * 100).rounded()))%, \(extra) extra")
            XCTAssertGreaterThanOrEqual(recall, floors[engine.engineID] ?? 1, engine.engineID)
        }
    }
}
