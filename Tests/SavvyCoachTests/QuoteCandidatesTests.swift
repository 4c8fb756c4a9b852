import SavvyASR
import XCTest
@testable import SavvyCoach

final class QuoteCandidatesTests: XCTestCase {
    private func spans(_ text: String) -> [String] {
        QuoteCandidates(index: TranscriptIndex(transcript: Fixtures.transcript(text))).spans
    }

    func testSentencesAreCutAtPausesIntoNearEqualPiecesAndShortOnesJoinANeighbour() {
        let thirteen = "one two three four five six seven eight nine ten eleven twelve thirteen"
        // (case id, text with sentence ends as pauses, expected spans)
        let cases: [(String, String, [String])] = [
            ("C1 empty", "", []),
            ("C2 too short for a full span", "hi there", ["hi there"]),
            ("C3 two sentences", "we shipped on time. then we rested.", ["we shipped on time", "then we rested"]),
            ("C4 twelve words stay whole", "a b c d e f g h i j k l.", ["a b c d e f g h i j k l"]),
            ("C5 thirteen words split 7 + 6", thirteen, ["one two three four five six seven", "eight nine ten eleven twelve thirteen"]),
            ("C6 short first piece joins the next", "okay. so the plan worked.", ["okay so the plan worked"]),
            ("C7 short last piece joins the previous", "we shipped the release. um yes.", ["we shipped the release um yes"]),
            ("C8 a repeated sentence stays a span", "i agree with you. i agree with you.", ["i agree with you", "i agree with you"]),
        ]
        for (id, text, expected) in cases {
            XCTAssertEqual(spans(text), expected, id)
        }
    }

    func testSpansCoverTheTranscriptAndEachOneGrounds() {
        for text in [Fixtures.starComplete, Fixtures.starNoTask, Fixtures.offTopic] {
            let transcript = Fixtures.transcript(text)
            let index = TranscriptIndex(transcript: transcript)
            let candidates = QuoteCandidates(index: index)
            XCTAssertEqual(candidates.spans.joined(separator: " "), transcript.text)
            for span in candidates.spans {
                XCTAssertLessThanOrEqual(span.split(separator: " ").count, QuoteCandidates.maximumWords, span)
                guard case .found = Grounder.locate(span, in: index) else { return XCTFail("span does not ground: \(span)") }
            }
        }
    }

    func testChoicesAreDistinctInFirstOccurrenceOrder() {
        let candidates = QuoteCandidates(index: TranscriptIndex(transcript: Fixtures.transcript(
            "i agree with you. we shipped it today. i agree with you.")))
        XCTAssertEqual(candidates.spans.count, 3)
        XCTAssertEqual(candidates.choices, ["i agree with you", "we shipped it today"])
    }

    func testALongTalkJoinsNeighboursToStayWithinTheEnumLimit() {
        // 500 five-word sentences: 500 spans, joined in threes to 167.
        let sentence = "we measured the latency again."
        let transcript = Fixtures.transcript(Array(repeating: sentence, count: 500).joined(separator: " "))
        let candidates = QuoteCandidates(index: TranscriptIndex(transcript: transcript))
        XCTAssertEqual(candidates.spans.count, 167)
        XCTAssertLessThanOrEqual(candidates.spans.count, QuoteCandidates.maximumSpans)
        XCTAssertEqual(candidates.spans[0], Array(repeating: "we measured the latency again", count: 3).joined(separator: " "))
        XCTAssertEqual(candidates.spans.last, "we measured the latency again we measured the latency again")
        XCTAssertEqual(candidates.spans.joined(separator: " "), transcript.text)
    }
}
