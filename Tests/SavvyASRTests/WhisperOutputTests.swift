import Foundation
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
            TranscriptWord(text: "so", start: 0.5, end: 0.7, confidence: 0.9, display: "So,"),
            TranscriptWord(text: "we", start: 0.5, end: 0.5, confidence: 1, display: "we"),
            TranscriptWord(text: "won", start: 1.9, end: 2.0, confidence: 0, display: "won."),
        ])
    }

    /// Issue 9: symbols, capitals and number punctuation survive as display text while the
    /// normalised token stays what metrics expect.
    func testIssue9_DisplayKeepsSymbols() {
        let raw: [[String: Any]] = [
            ["text": " Ultimately,", "start": 0.0, "end": 0.5, "probability": 0.9],
            ["text": " 40%", "start": 0.5, "end": 0.9, "probability": 0.9],
            ["text": " $50", "start": 0.9, "end": 1.2, "probability": 0.9],
            ["text": ",000", "start": 1.2, "end": 1.5, "probability": 0.8],
            ["text": " 4", "start": 1.5, "end": 1.7, "probability": 0.9],
            ["text": ".5.", "start": 1.7, "end": 1.9, "probability": 0.9],
        ]
        let words = WhisperTranscriber.words(from: raw, duration: 2.0)
        // A piece without a leading space continues the word before it.
        XCTAssertEqual(words.map(\.display), ["Ultimately,", "40%", "$50,000", "4.5."])
        XCTAssertEqual(words.map(\.text), ["ultimately", "40", "50,000", "4.5"])
        XCTAssertEqual(words[2].end, 1.5)
        XCTAssertEqual(words[2].confidence, 0.8)
    }

    /// Issue 9: the worker's segment statistics (protocol 2): times clamped into the audio, an
    /// entry without its numbers skipped, none from a protocol 1 reply.
    func testIssue9_SegmentStatistics() {
        let raw: [[String: Any]] = [
            ["start": 0.0, "end": 2.5, "avg_logprob": -0.4, "compression_ratio": 1.5, "no_speech_prob": 0.2],
            ["start": 2.5, "end": 3.0, "avg_logprob": -0.3],
        ]
        XCTAssertEqual(WhisperTranscriber.segments(from: raw, duration: 2.0),
                       [DecodeSegment(start: 0, end: 2.0, averageLogProbability: -0.4, compressionRatio: 1.5, noSpeechProbability: 0.2)])
        XCTAssertEqual(WhisperTranscriber.segments(from: [], duration: 2.0), [])
        XCTAssertTrue(DecodeSegment(start: 0, end: 1, averageLogProbability: 0, compressionRatio: 2.41, noSpeechProbability: 0).isRepetitive)
        XCTAssertFalse(DecodeSegment(start: 0, end: 1, averageLogProbability: 0, compressionRatio: 2.4, noSpeechProbability: 0).isRepetitive)
    }

    /// Transcripts stored before display text and the verbatim pass were kept still decode.
    func testIssue9_OldTranscriptJSONDecodes() throws {
        let old = #"{"engine":"whisper","model":"m","words":[{"confidence":0.9,"end":0.5,"start":0,"text":"so"}]}"#
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(old.utf8))
        XCTAssertNil(transcript.words[0].display)
        XCTAssertNil(transcript.verbatimPass)
        XCTAssertEqual(transcript.words[0].displayText, "so")
        XCTAssertNil(transcript.segments)
    }
}
