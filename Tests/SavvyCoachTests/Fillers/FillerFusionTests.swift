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
            ("same um in both decodes counts once, as the words' hit",
             [hit("um", 1.0, 1.3)], [hit("umm", 1.2, 1.6)], [], [], [hit("um", 1.0, 1.3)]),
            ("um only the verbatim decode wrote is added",
             [], [hit("uh", 2.0, 2.3)], [], [], [hit("uh", 2.0, 2.3, .verbatim)]),
            ("two ums 0.8 s apart stay two",
             [hit("um", 1.0, 1.3)], [hit("um", 1.0, 1.3), hit("um", 1.8, 2.1)], [], [],
             [hit("um", 1.0, 1.3), hit("um", 1.8, 2.1, .verbatim)]),
            ("midpoints 0.3 s apart without overlap are one filler",
             [hit("uh", 1.0, 1.2)], [hit("uh", 1.3, 1.5)], [], [], [hit("uh", 1.0, 1.2)]),
            ("acoustic hit on a verbatim um is not counted again",
             [], [hit("um", 3.0, 3.4)], [pause(3.1, 3.5)], [], [hit("um", 3.0, 3.4, .verbatim)]),
            ("acoustic hit in a gap between words is added",
             [], [], [pause(5.0, 5.4)], [word(4.0, 4.9, 0.9), word(5.5, 6.0, 0.9)],
             [FillerHit(start: 5.0, end: 5.4, text: "<filled pause>", source: .acoustic, confidence: 0.7)]),
            ("acoustic hit under a confident word of either decode is that word's vowel",
             [], [], [pause(5.0, 5.4)], [word(4.9, 5.35, 0.8)], []),
            ("a word the decoder doubted does not hide an acoustic hit",
             [], [], [pause(5.0, 5.4)], [word(4.9, 5.35, 0.3)],
             [FillerHit(start: 5.0, end: 5.4, text: "<filled pause>", source: .acoustic, confidence: 0.7)]),
            ("discourse hits from the words are kept as they are, in time order",
             [hit("so", 0.0, 0.2), hit("you know", 4.0, 4.4)], [hit("um", 2.0, 2.2)], [], [],
             [hit("so", 0.0, 0.2), hit("um", 2.0, 2.2, .verbatim), hit("you know", 4.0, 4.4)]),
        ]
        let fusion = FillerFusion()
        for testCase in cases {
            let merged = fusion.merge(words: testCase.words, verbatim: testCase.verbatim, acoustic: testCase.acoustic,
                                      recognised: testCase.recognised)
            XCTAssertEqual(merged, testCase.expected, "case \(testCase.id)")
        }
    }
}
