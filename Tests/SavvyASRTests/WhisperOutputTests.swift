import XCTest

@testable import SavvyASR

final class WhisperOutputTests: XCTestCase {
    func testNormalise() {
        let cases: [(String, String?)] = [
            (" Well,", "well"), (" Mr.", "mr"), (" don't", "don't"), (" well-known", "well-known"),
            (" \"Hello!\"", "hello"), (" —", nil), (" 1990.", "1990"), (" UMM", "umm"),
        ]
        for (raw, expected) in cases {
            XCTAssertEqual(WhisperTranscriber.normalise(raw), expected, "normalise(\(raw))")
        }
    }

    func testTimesAreClampedAndOrdered() {
        let raw: [[String: Any]] = [
            ["text": " So,", "start": 0.5, "end": 0.7, "probability": 0.9],
            ["text": " we", "start": 0.4, "end": 0.3, "probability": 1.2],
            ["text": " ...", "start": 0.8, "end": 0.9, "probability": 0.5],
            ["text": " won.", "start": 1.9, "end": 2.6, "probability": -0.1],
        ]
        let words = WhisperTranscriber.words(from: raw, duration: 2.0)
        XCTAssertEqual(words, [
            TranscriptWord(text: "so", start: 0.5, end: 0.7, confidence: 0.9),
            TranscriptWord(text: "we", start: 0.5, end: 0.5, confidence: 1),
            TranscriptWord(text: "won", start: 1.9, end: 2.0, confidence: 0),
        ])
    }
}
