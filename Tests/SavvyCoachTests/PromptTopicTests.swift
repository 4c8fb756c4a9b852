import XCTest
@testable import SavvyCoach

/// Session 26: relevance judges what a prompt asks about, not the talk instruction around it
/// (`PromptTopic`, mirrored by `prompt_topic` in scripts/train-relevance.py).
final class PromptTopicTests: XCTestCase {
    func testIssue14_aTalkInstructionAtTheStartIsDroppedAndQuestionsAreLeftWhole() {
        let cases: [(prompt: String, topic: String)] = [
            ("Talk for two minutes about public libraries.", "public libraries."),
            ("talk about why cities should plant more trees", "why cities should plant more trees"),
            ("Speak for 3 minutes on bridges.", "bridges."),
            ("Please speak for about five minutes about patience.", "patience."),
            ("Give a short talk about the value of failure.", "the value of failure."),
            ("Give a two-minute talk on sleep.", "sleep."),
            ("Deliver a 5-minute presentation on remote work.", "remote work."),
            ("Say a few words about your hometown.", "your hometown."),
            // Nothing else to judge by: the prompt stays.
            ("Talk about", "Talk about"),
            // Questions and bare topics are what the prompt banks hold: left whole.
            ("Tell me about a time you resolved a conflict with a colleague.",
             "Tell me about a time you resolved a conflict with a colleague."),
            ("Why boredom is underrated.", "Why boredom is underrated."),
            ("Talking points for the meeting.", "Talking points for the meeting."),
            ("Pitch a tool that would save your team an hour a week.", "Pitch a tool that would save your team an hour a week."),
        ]
        for (prompt, topic) in cases {
            XCTAssertEqual(PromptTopic.topic(prompt), topic, prompt)
        }
    }

    /// A recording the answer gate stops is told which of the prompt's words it never took up:
    /// those of the topic, not "two" and "minutes" of the instruction (seen on an AMI meeting clip).
    func testIssue14_aNonAnswerIsToldTheTopicsWordsItNeverUses() {
        let texts = ["so shall we look at the buttons on the remote first"]
        let sentences = AnswerSentence.split(Fixtures.transcript(texts[0]))
        let judged = SemanticScorer.notAnAnswer(
            drill: BuiltInDrills.impromptu, prompt: "Talk for two minutes about public libraries.",
            sentences: sentences, texts: texts)
        let reason = judged.relevance.reason
        XCTAssertTrue(reason.hasSuffix("not addressed: public, libraries"), reason)
        XCTAssertEqual(judged.relevance.score, 1)
    }
}
