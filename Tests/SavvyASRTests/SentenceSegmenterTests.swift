import SavvyASR
import XCTest

final class SentenceSegmenterTests: XCTestCase {
    /// Words one after another, 0.3 s each with `gaps[i]` seconds of silence before word i + 1.
    func words(_ tokens: [(text: String, display: String?)], gaps: [Double] = []) -> [TranscriptWord] {
        var t = 0.0
        return tokens.enumerated().map { index, token in
            let word = TranscriptWord(text: token.text, start: t, end: t + 0.3, confidence: 0.9, display: token.display)
            t += 0.3 + (index < gaps.count ? gaps[index] : 0.05)
            return word
        }
    }

    func testIssue9_PunctuationEndsSentences() {
        let input = words([("we", "We"), ("grew", "grew"), ("40", "40%."), ("mr", "Mr."), ("smith", "Smith"),
                           ("agreed", "agreed!"), ("why", "Why?"), ("so", "So..."), ("it", "it"), ("works", "works")])
        let sentences = SentenceSegmenter().sentences(input)
        XCTAssertEqual(sentences.map(\.text), ["We grew 40%.", "Mr. Smith agreed!", "Why?", "So... it works"])
        XCTAssertEqual(sentences.map(\.words), [0..<3, 3..<6, 6..<7, 7..<10])
        XCTAssertEqual(sentences.map(\.boundary), [.punctuation, .punctuation, .punctuation, .end])
        XCTAssertEqual(sentences[1].start, input[3].start)
        XCTAssertEqual(sentences[1].end, input[5].end)
    }

    /// pocketsphinx writes no punctuation: gaps between words and VAD pauses split sentences.
    func testIssue9_PausesSplitUnpunctuatedWords() {
        let input = words([("i", nil), ("fixed", nil), ("it", nil), ("then", nil), ("we", nil), ("shipped", nil)],
                          gaps: [0.05, 0.05, 0.6, 0.05, 0.05])
        let sentences = SentenceSegmenter().sentences(input)
        XCTAssertEqual(sentences.map(\.text), ["I fixed it.", "Then we shipped."])
        XCTAssertEqual(sentences.map(\.boundary), [.pause, .end])

        // A stretched word end hides the pause from the word times; the VAD still sees it.
        var stretched = words([("so", nil), ("done", nil), ("next", nil)])
        stretched[1].end = stretched[2].start
        XCTAssertEqual(SentenceSegmenter().sentences(stretched).count, 1)
        let vad = [(start: stretched[1].start + 0.2, end: stretched[2].start - 0.01)]
        XCTAssertEqual(SentenceSegmenter(pauseSeconds: 0.1).sentences(stretched, pauses: vad).map(\.words), [0..<2, 2..<3])
    }

    /// A long run without a full stop in a punctuated transcript falls back to its pauses.
    func testLongUnpunctuatedRunSplitsAtPauses() {
        var tokens: [(text: String, display: String?)] = [("yes", "Yes.")]
        tokens += (0..<10).map { ("w\($0)", "w\($0)") }
        var gaps = [Double](repeating: 0.05, count: tokens.count)
        gaps[5] = 0.8
        let input = words(tokens, gaps: gaps)
        XCTAssertEqual(SentenceSegmenter().sentences(input).count, 2)
        XCTAssertEqual(SentenceSegmenter(maximumRunWords: 5).sentences(input).map(\.words), [0..<1, 1..<6, 6..<11])
    }

    /// Issue 14: Whisper drops the full stops of a stretch but still capitalises the word that
    /// opens each sentence; a name or a day keeps its sentence, and so does a capital after a comma.
    func testCapitalisedOpenerAfterABareWordStartsASentence() {
        let input = words([("we", "We"), ("fixed", "fixed"), ("it", "it."), ("sponsors", "Sponsors"), ("pay", "pay"),
                           ("and", "And"), ("frankly", "frankly"), ("priya", "Priya"), ("helps", "helps"),
                           ("on", "on"), ("saturday", "Saturday"), ("with", "with"), ("tools", "tools,"),
                           ("a", "A"), ("van", "van"), ("i", "I"), ("drive", "drive"), ("it's", "It's"), ("fun", "fun.")])
        let sentences = SentenceSegmenter().sentences(input)
        XCTAssertEqual(sentences.map(\.text), ["We fixed it.", "Sponsors pay", "And frankly Priya helps on Saturday with tools, A van I drive",
                                               "It's fun."])
        XCTAssertEqual(sentences.map(\.boundary), [.punctuation, .capital, .capital, .punctuation])
        // Without any engine punctuation (pocketsphinx) capitals are not evidence: pauses decide.
        let bare = words([("so", "So"), ("we", "we"), ("and", "And"), ("then", "then")])
        XCTAssertEqual(SentenceSegmenter().sentences(bare).count, 1)
    }

    func testEmptyAndSingle() {
        XCTAssertEqual(SentenceSegmenter().sentences([]), [])
        let one = SentenceSegmenter().sentences(words([("hi", nil)]))
        XCTAssertEqual(one.map(\.text), ["Hi."])
    }
}
