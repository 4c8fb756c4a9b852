import Foundation
import SavvyASR
@testable import SavvyCLI
@testable import SavvyCoach
import SavvyDSP
import SavvySession
@testable import SavvyStore
import SavvyTestSupport
import XCTest

/// The report page in-process, on the hand-made session of the export tests judged by the real
/// heuristic tier: sections, marks, escaping, links, determinism, and a missing recording.
final class SessionReportPageTests: XCTestCase {
    private func input(transcript: Transcript = ExportFixtures.transcript, tracks: FrameTracks? = nil,
                       note: String? = "loudness and pitch are not drawn: the recording is missing") throws -> SessionReportInput {
        let metrics = ExportFixtures.metrics
        let home = try TemporaryDirectory()
        let router = try ScoringRouter(environment: [:], configDirectory: home.url)
        let rubric = try router.score(transcript: transcript, summary: DeliverySummary(metrics: metrics), drill: BuiltInDrills.star,
                                      prompt: "Tell me about <b>a</b> time", options: ScoringOptions(coach: .heuristic))
        let session = StoredSession(
            id: 7, createdAt: Date(timeIntervalSince1970: 1_800_000_000), drill: "star", prompt: rubric.prompt,
            audioPath: "recordings/x.wav", audioSHA256: "00", audioBytes: 1, duration: ExportFixtures.duration,
            sampleRate: 16_000, sourceName: "answer<1>.wav", transcriptJSON: Data(), asrEngine: "pocketsphinx",
            asrModel: "en-us", metricsJSON: Data(), metricsVersion: 1, lexiconVersion: nil, wpm: nil,
            fillersPerMinute: nil, pitchSD: nil, cpps: nil)
        let answer = ScoredAnswer(source: .init(path: "/x.wav", sampleRate: 16_000, durationSeconds: ExportFixtures.duration),
                                  transcript: transcript, metrics: metrics, rubric: rubric, engineReason: nil)
        return SessionReportInput(session: session, answer: answer, scoringCount: 2, tracks: tracks, tracksNote: note)
    }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testEverySectionIsPresentAndFillersAreMarkedOncePerCountedFiller() throws {
        let page = SessionReportPage(input: try input()).render()
        for id in ["summary", "timeline", "transcript", "delivery", "rubric", "tips", "quality"] {
            XCTAssertTrue(page.contains("id=\"\(id)\""), id)
        }
        let fillers = ExportFixtures.metrics.fillers
        XCTAssertEqual(count("class=\"filler-mark", in: page), fillers.count, "one timeline mark per counted filler")
        XCTAssertEqual(count("<mark class=\"filler", in: page), fillers.count, "one transcript highlight per counted filler")
        XCTAssertEqual(count("<mark class=\"filler acoustic\"", in: page), fillers.items.filter { $0.source == .acoustic }.count)
        XCTAssertEqual(count("class=\"card band-", in: page), 7, "one card per criterion")
        XCTAssertTrue(page.contains("content <b>"), "the header shows the content and delivery subtotals")
        XCTAssertEqual(count("class=\"w\"", in: page), ExportFixtures.transcript.words.count, "every word hoverable")
        XCTAssertTrue(page.contains("title=\"0:00.8 · confidence 0.90\">um</span>"), "word hover shows time and confidence")
        XCTAssertEqual(count("class=\"pause pause-", in: page), ExportFixtures.metrics.pauses.items.count)
    }

    func testSentencesLinkToTimeAndSection() throws {
        let page = SessionReportPage(input: try input()).render()
        XCTAssertTrue(page.contains("<span class=\"sentence"), page)
        XCTAssertTrue(page.contains("id=\"s1\""))
        // Both ways: the sentence's time links to its tick on the timeline, the tick to the sentence.
        XCTAssertTrue(page.contains("<a class=\"time\" href=\"#t-s1\""), page)
        XCTAssertTrue(page.contains("<a class=\"sentence-link\" id=\"t-s1\" href=\"#s1\">"), page)
        XCTAssertEqual(count("class=\"sentence-tick\"", in: page), count("<span class=\"sentence", in: page))
    }

    /// Issue 11: a transcript that says `<script>` shows those characters; nothing can run.
    func testIssue11_scriptInTheTranscriptRendersAsText() throws {
        var transcript = ExportFixtures.transcript
        transcript.words[2].text = "<script>alert('pwned')</script>"
        let page = SessionReportPage(input: try input(transcript: transcript)).render()
        XCTAssertFalse(page.lowercased().contains("<script"), "no script element may reach the page")
        XCTAssertTrue(page.contains("&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;"))
        XCTAssertTrue(page.contains("Tell me about &lt;b&gt;a&lt;/b&gt; time"), "the prompt is escaped too")
        XCTAssertTrue(page.contains("answer&lt;1&gt;.wav"))
        XCTAssertTrue(page.contains("default-src 'none'"), "the page forbids scripts and fetches")
    }

    func testSameInputGivesTheSameBytes() throws {
        let input = try input()
        XCTAssertEqual(SessionReportPage(input: input).render(), SessionReportPage(input: input).render())
    }

    func testWithoutTracksThePageSaysWhyLoudnessAndPitchAreMissing() throws {
        let page = SessionReportPage(input: try input()).render()
        XCTAssertTrue(page.contains("loudness and pitch are not drawn: the recording is missing"))
        XCTAssertFalse(page.contains("class=\"envelope\""))
    }

    func testWithTracksTheEnvelopeAndPitchAreDrawnOnVoicedFramesOnly() throws {
        // 14 s at 100 frames/s: voiced for the first half only, so the contour is one run.
        let n = 1400
        let f0: [Double?] = (0..<n).map { $0 < n / 2 ? 120 * pow(2, Double($0 % 100) / 1200) : nil }
        let tracks = FrameTracks(sampleRate: 16_000, hop: 160, frameLength: 400, f0: f0,
                                 rmsDB: (0..<n).map { -30 - Double($0 % 7) }, active: Array(repeating: true, count: n),
                                 cpps: Array(repeating: nil, count: n))
        var base = try input(tracks: tracks, note: nil)
        var metrics = base.answer.metrics
        metrics.pitch = PitchSummary(medianHz: 120, sdSemitones: 0.3, rangeSemitones: 1, voicedFrames: n / 2,
                                     voicedRatio: 0.5, octaveErrorFrames: 0, monotoneSpans: [TimeSpan(start: 1, end: 5)])
        base = SessionReportInput(session: base.session,
                                  answer: ScoredAnswer(source: base.answer.source, transcript: base.answer.transcript,
                                                       metrics: metrics, rubric: base.answer.rubric, engineReason: nil),
                                  scoringCount: 1, tracks: tracks, tracksNote: nil)
        let page = SessionReportPage(input: base).render()
        XCTAssertEqual(count("class=\"envelope\"", in: page), 1)
        let pitch = try XCTUnwrap(page.range(of: "class=\"pitch\"")).lowerBound
        let path = String(page[..<pitch].suffix(20_000))
        let d = try XCTUnwrap(path.components(separatedBy: "<path d=\"").last)
        XCTAssertEqual(count("M", in: d), 1, "unvoiced frames end the contour; no line is drawn through them")
        XCTAssertEqual(count("class=\"monotone\"", in: page), 1)
        XCTAssertLessThan(page.utf8.count, 200_000)
    }
}
