import Foundation
import SavvySemantic
import XCTest
@testable import SavvyCoach

/// Issue 14 item 2 with the real all-MiniLM-L6-v2 encoder: a PREP answer told with its Example
/// after the restated Point, and a STAR answer that leads with its Result, are reported out of
/// order, with the map as spoken; the same sentences in the drill's order are not. Skipped only
/// when the sentence model is not installed.
final class OrderCheckModelTests: XCTestCase {
    private static let point = "I think every team should write down how it makes decisions."
    private static let reason = """
        When nobody knows who decides, the same questions come back in every meeting, and the quiet people \
        never get heard because the loudest voice wins by default.
        """
    private static let example = """
        At my last job we wrote one page saying who decides what and how to object. \
        Within a month our meetings were twenty minutes shorter and two new colleagues told me \
        it was the first time they felt able to disagree.
        """
    private static let restate = "So a written way of deciding is cheap, and I would ask every team to have one."

    private func scorer() throws -> SemanticScorer {
        guard let directory = SentenceEncoder.locate(environment: ProcessInfo.processInfo.environment) else {
            throw XCTSkip("sentence model not installed (make venv)")
        }
        return SemanticScorer(embedder: EmbeddingCache(try SentenceEncoder(modelDirectory: directory)))
    }

    func testIssue14_aSwappedPrepAnswerIsFlaggedAndTheOrderedOneIsNot() throws {
        let scorer = try scorer()
        let prompt = "Should every team write down how it makes decisions?"
        let ordered = [Self.point, Self.reason, Self.example, Self.restate].joined(separator: " ")
        let orderedJudgment = try scorer.judge(
            transcript: Fixtures.transcript(ordered), drill: BuiltInDrills.prep, prompt: prompt)
        XCTAssertTrue(orderedJudgment.inOrder, "\(orderedJudgment.labels)")

        let swapped = [Self.point, Self.reason, Self.restate, Self.example].joined(separator: " ")
        let swappedJudgment = try scorer.judge(
            transcript: Fixtures.transcript(swapped), drill: BuiltInDrills.prep, prompt: prompt)
        XCTAssertFalse(swappedJudgment.inOrder, "\(swappedJudgment.labels)")
        let spoken = swappedJudgment.spans.filter(\.isPresent).sorted { ($0.start ?? 0) < ($1.start ?? 0) }.map(\.sectionID)
        XCTAssertEqual(spoken, ["point", "reason", "restate", "example"])
    }

    /// Session 18: the check knew only neighbouring swaps, and an answer that opens with its
    /// outcome was reported in order, or as missing the Result it had told first.
    func testIssue14_aStarAnswerThatLeadsWithItsResultIsFlagged() throws {
        let scorer = try scorer()
        let prompt = "Tell me about a time you improved a process that was slowing your team down."
        let situation = """
            Last spring I was the only developer on a small team that ran the booking system for a chain of dental clinics.
            """
        let task = "The clinics were losing patients to no-shows, and my manager asked me to cut them before the summer."
        let action = """
            I added text reminders two days and two hours before each appointment, with a link to rebook instead of \
            cancelling. Then I sat with the reception staff for a week to see which messages patients actually answered.
            """
        let result = """
            By July no-shows had fallen from about one in eight to one in twenty, and every branch kept the reminders.
            """
        let ordered = try scorer.judge(
            transcript: Fixtures.transcript([situation, task, action, result].joined(separator: " ")),
            drill: BuiltInDrills.star, prompt: prompt)
        XCTAssertTrue(ordered.inOrder, "\(ordered.labels)")

        let resultFirst = try scorer.judge(
            transcript: Fixtures.transcript([result, situation, task, action].joined(separator: " ")),
            drill: BuiltInDrills.star, prompt: prompt)
        XCTAssertFalse(resultFirst.inOrder, "\(resultFirst.labels)")
        let spoken = resultFirst.spans.filter(\.isPresent).sorted { ($0.start ?? 0) < ($1.start ?? 0) }.map(\.sectionID)
        XCTAssertEqual(spoken, ["result", "situation", "task", "action"])
    }
    /// Session 21: impromptu talks that give their points before their thesis. The content
    /// classifier read a thesis as one more point wherever it stood, so such talks were reported in
    /// order (held out, 1 of 6 flagged). Its prompt input — a thesis restates what was asked — tells
    /// them apart. Four talks written for this test, none from the dev set: the committed check
    /// before the prompt input flagged 2 of the 4 (stairs and working from home were "in order").
    func testIssue14_impromptuTalksThatGiveTheirPointsBeforeTheirThesisAreFlagged() throws {
        let scorer = try scorer()
        let talks: [(prompt: String, opening: String, points: [String], close: String)] = [
            ("Why you should take the stairs.",
             "I think taking the stairs is one of the smallest habits with the biggest payoff.",
             ["A few flights a day add up to real exercise without ever setting foot in a gym.",
              "It is often quicker too, because in most offices you wait longer for the lift than the climb takes.",
              "And those two minutes alone are a surprisingly good time to clear your head before a meeting."],
             "So next time the lift is slow, give the stairs a go and see how you feel."),
            ("Why reading fiction makes you better at your job.",
             "Reading fiction makes you better at your job, and not in the way people usually assume.",
             ["Novels train you to see a situation from inside someone else's head, which is most of what managing people is.",
              "They also stretch your attention; following a long story is practice for following a long, messy project.",
              "And good writers show you how to say a hard thing clearly, which every email could use."],
             "So keep a novel on your desk, and don't feel guilty about the twenty minutes you spend in it."),
            ("Is working from home here to stay?",
             "Working from home is here to stay, even if the office isn't going anywhere either.",
             ["Companies have learned that most work can be done well from a kitchen table.",
              "People who have saved two hours of commuting a day will not give that back without a fight.",
              "And hiring from anywhere has become an advantage that few employers want to lose."],
             "So the question now isn't whether we work from home, but how we split the week."),
            ("Why everyone should learn to cook.",
             "Everyone should learn to cook, and I'd say it pays back more than almost any other everyday skill.",
             ["Cooking for yourself is far cheaper than takeaway, often by half or more over a month.",
              "You also know exactly what goes into your food, so eating well stops being guesswork.",
              "And a meal you made is one of the easiest ways to bring friends or family round the table."],
             "So start with three simple dishes you like, and cook one of them every week."),
        ]
        for talk in talks {
            let ordered = try scorer.judge(
                transcript: Fixtures.transcript(([talk.opening] + talk.points + [talk.close]).joined(separator: " ")),
                drill: BuiltInDrills.impromptu, prompt: talk.prompt)
            XCTAssertTrue(ordered.inOrder, "\(talk.prompt) \(ordered.labels)")

            let pointsFirst = try scorer.judge(
                transcript: Fixtures.transcript((talk.points + [talk.opening, talk.close]).joined(separator: " ")),
                drill: BuiltInDrills.impromptu, prompt: talk.prompt)
            XCTAssertFalse(pointsFirst.inOrder, "\(talk.prompt) \(pointsFirst.labels)")
            let spoken = pointsFirst.spans.filter(\.isPresent).sorted { ($0.start ?? 0) < ($1.start ?? 0) }.map(\.sectionID)
            XCTAssertEqual(spoken, ["body", "opening", "close"], talk.prompt)
        }
    }
}
