import SavvyDSP
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
}
