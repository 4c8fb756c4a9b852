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

    /// The judgment of an answer told in another order, and its sections in the order the map puts
    /// them; first asserts that the same answer told in the drill's order is judged in order.
    private func retold(
        _ scorer: SemanticScorer, drill: Drill, prompt: String, inOrder: [String], as other: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (SemanticJudgment, [String]) {
        let ordered = try scorer.judge(
            transcript: Fixtures.transcript(inOrder.joined(separator: " ")), drill: drill, prompt: prompt)
        XCTAssertTrue(ordered.inOrder, "\(prompt) in order: \(ordered.labels)", file: file, line: line)
        let told = try scorer.judge(
            transcript: Fixtures.transcript(other.joined(separator: " ")), drill: drill, prompt: prompt)
        let spoken = told.spans.filter(\.isPresent).sorted { ($0.start ?? 0) < ($1.start ?? 0) }.map(\.sectionID)
        return (told, spoken)
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
    /// outcome was reported in order, or as missing the Result it had told first. Session 26: one
    /// answer written for this test decided too much (a looser content model, better on 405
    /// answers by other writers, misses it), so the test holds it and the three STAR answers that
    /// lead with their Result in scripts/content/others.py, each also told by its writer in the
    /// drill's order. Every in-order telling is reported in order, and at least half of the
    /// Result-first tellings are flagged with their map as spoken. On these written sentences the
    /// session-25 table flagged ours and writer b's; the session-26 table flags b's and c's so,
    /// and a's with its Result read as Situation (counted as not shown right); the check before
    /// session 18 flagged none.
    func testIssue14_starAnswersThatLeadWithTheirResultAreFlagged() throws {
        let scorer = try scorer()
        var shown: [String] = []
        for answer in Self.resultFirstAnswers {
            let (told, spoken) = try retold(
                scorer, drill: BuiltInDrills.star, prompt: answer.prompt, inOrder: answer.inOrder, as: answer.resultFirst)
            if !told.inOrder && spoken == ["result", "situation", "task", "action"] {
                shown.append(answer.writer)
            }
        }
        XCTAssertGreaterThanOrEqual(shown.count, 2, "flagged with the map as spoken: \(shown)")
    }

    /// Session 27: moves the dev set never made. Its out-of-order answers swapped middle neighbours
    /// or told a later section first; other writers also end on their first section (a STAR
    /// Situation given last, a pitch ending on its Hook, a talk whose thesis comes after its
    /// points) and open with their Close. Training now also re-cuts every training scenario told
    /// with its first section last, and with its first two exchanged. Four talks by the other
    /// writers (scripts/content/others.py, never trained on) that open with their Close, two of
    /// them ending on their Opening, on the written sentences: the check before flagged none.
    func testIssue14_impromptuTalksThatOpenWithTheirCloseAreFlagged() throws {
        let scorer = try scorer()
        var flagged: [String] = []
        for talk in Self.closeFirstTalks {
            let (told, _) = try retold(
                scorer, drill: BuiltInDrills.impromptu, prompt: talk.prompt, inOrder: talk.inOrder, as: talk.closeFirst)
            if !told.inOrder {
                flagged.append(talk.prompt)
            }
        }
        XCTAssertGreaterThanOrEqual(flagged.count, 3, "flagged: \(flagged)")
    }

    private static let closeFirstTalks: [(writer: String, prompt: String, inOrder: [String], closeFirst: [String])] = [
        (writer: "a", prompt: "Talk for two minutes about what makes a good neighbor.",
         inOrder: [
            "So what makes a good neighbor?",
            "I've lived in five apartments and one house, and I think it comes down to three pretty small things.",
            "First, they say hi, and I know that sounds tiny, but just knowing names changes everything when something goes wrong.",
            "Second, they give a heads-up, like if they're having a party or doing construction, they knock and tell you first.",
            "And third, they notice stuff, like when my old neighbor Frank saw my packages piling up and figured out I was in the hospital.",
            "He called my sister, which I still think about.",
            "So if you want a good neighbor, honestly, the easiest start is being one, and you can begin by learning one name this week.",
         ],
         closeFirst: [
            "If you want a good neighbor, honestly, the easiest way to get one is to be one, and you could start by just learning one name this week.",
            "I say that because I've lived in five apartments and one house, and I think being a good neighbor comes down to three pretty small things.",
            "First, say hi, because just knowing names changes everything when something goes wrong.",
            "Second, give a heads-up, like if you're having a party or doing construction, knock and tell people first.",
            "And third, notice stuff, the way my old neighbor Frank saw my packages piling up and figured out I was in the hospital.",
            "He called my sister, which I still think about.",
         ]),
        (writer: "c", prompt: "Talk for two minutes about what makes a good coach.",
         inOrder: [
            "What makes a good coach? I have had about a dozen in my life, from under-nines football to a rowing club at university, and I think the good ones all shared three habits.",
            "They said far less than the bad ones; my best rowing coach would watch an entire outing and offer a single sentence, which you then chewed over for a week.",
            "They remembered that you had a life outside the sport, so if your exams were looming, the session changed.",
            "And crucially, they made losing feel like information rather than a verdict, which meant we were never afraid to try something new on race day.",
            "So if you coach anything, even just your child's Saturday team, try talking less, noticing more and treating every defeat as a lesson, and see what happens.",
         ],
         closeFirst: [
            "If you coach anything at all, even just your child's Saturday team, my advice is simple: talk less, notice more, and treat every defeat as a lesson.",
            "I say that because I have had about a dozen coaches in my life, from under-nines football to a rowing club at university, and the good ones all shared those three habits.",
            "My best rowing coach would watch an entire outing and offer a single sentence, which you then chewed over for a week.",
            "The good ones also remembered that you had a life outside the sport, so if your exams were looming, the session changed.",
            "And crucially, they made losing feel like information rather than a verdict, which meant we were never afraid to try something new on race day.",
         ]),
        (writer: "a", prompt: "Talk for two minutes about the best advice you've ever received.",
         inOrder: [
            "The best advice I ever got came from my first boss at a hardware store, and it was just four words: ask the dumb question.",
            "I want to talk about why that stuck with me and where it's helped.",
            "When I started, I was terrified of looking stupid, so I'd nod along and then quietly get things wrong.",
            "He noticed, and told me that the dumb question costs you ten seconds, but the dumb mistake costs you an afternoon.",
            "Years later, as an electrician's apprentice, that advice probably kept me from getting hurt more than once.",
            "And now that I train people myself, I tell them the same thing on day one.",
            "So whatever you're new at right now, ask the dumb question, because somebody else in the room is wondering it too.",
         ],
         closeFirst: [
            "Whatever you're new at right now, ask the dumb question, because somebody else in the room is probably wondering the same thing.",
            "I learned that the hard way, because when I started my first job at a hardware store I was terrified of looking stupid, so I'd nod along and then get things wrong.",
            "My boss noticed, and told me the dumb question costs you ten seconds, but the dumb mistake costs you an afternoon.",
            "Years later, as an electrician's apprentice, that advice probably kept me from getting hurt more than once.",
            "And now that I train people myself, I tell them the same thing on day one.",
            "So that's what I'd call the best advice I've ever gotten, just four words, ask the dumb question, and it's followed me through every job since.",
         ]),
        (writer: "b", prompt: "Talk for two minutes about why cities should plant more trees.",
         inOrder: [
            "Street trees are the cheapest infrastructure a city can buy, and I'll make the case on heat, money, and health.",
            "On a summer afternoon, a shaded street can be 10 to 20 degrees cooler at ground level than a bare one.",
            "Studies of American cities find that each dollar spent on street trees returns between one and a half and three dollars in lower energy bills, stormwater savings, and property values.",
            "Neighborhoods with more tree canopy also see fewer heat-related hospital visits.",
            "If your block has bare sidewalks, call 311 and request a street tree; in most cities it's free.",
         ],
         closeFirst: [
            "If your block has bare sidewalks, call 311 and request a street tree; in most cities it's free.",
            "On a summer afternoon, a shaded street can be 10 to 20 degrees cooler at ground level than a bare one.",
            "Studies of American cities find that each dollar spent on street trees returns between one and a half and three dollars in lower energy bills, stormwater savings, and property values.",
            "Neighborhoods with more tree canopy also see fewer heat-related hospital visits.",
            "Heat, money, and health: that's why I call street trees the cheapest infrastructure a city can buy.",
         ]),
    ]

    /// The Result-first answers: ours (written for this test in session 18) and the other writers'.
    private static let resultFirstAnswers: [(writer: String, prompt: String, inOrder: [String], resultFirst: [String])] = [
        (writer: "ours", prompt: "Tell me about a time you improved a process that was slowing your team down.",
         inOrder: [
                "Last spring I was the only developer on a small team that ran the booking system for a chain of dental clinics.",
                "The clinics were losing patients to no-shows, and my manager asked me to cut them before the summer.",
                "I added text reminders two days and two hours before each appointment, with a link to rebook instead of cancelling.",
                "Then I sat with the reception staff for a week to see which messages patients actually answered.",
                "By July no-shows had fallen from about one in eight to one in twenty, and every branch kept the reminders.",
            ],
         resultFirst: [
                "By July no-shows had fallen from about one in eight to one in twenty, and every branch kept the reminders.",
                "Last spring I was the only developer on a small team that ran the booking system for a chain of dental clinics.",
                "The clinics were losing patients to no-shows, and my manager asked me to cut them before the summer.",
                "I added text reminders two days and two hours before each appointment, with a link to rebook instead of cancelling.",
                "Then I sat with the reception staff for a week to see which messages patients actually answered.",
            ]),
        (writer: "a", prompt: "Tell me about a time you had to handle a mistake under pressure.",
         inOrder: [
                "Oh, okay, yeah, I've got one.",
                "So this was maybe two years ago, I was working nights on a busy med-surg floor, and we were down a nurse.",
                "Around three a.m. I noticed a patient's insulin had been charted as given twice.",
                "I had to figure out fast whether he'd actually gotten a double dose, because if he had, his blood sugar could crash within the hour.",
                "First thing, I checked his glucose right at the bedside, and it was already dropping.",
                "I called the on-call doctor, got an order for dextrose, and stayed with him while it went in.",
                "Then the charge nurse and I went through the pump log and found it was a real double dose, not a charting glitch.",
                "And I wrote up the incident report that same shift, even though honestly I was kind of dreading it.",
                "He was stable within about twenty minutes and never knew how close it got.",
                "Our unit added a second-nurse check for insulin, and I learned that owning the report quickly matters as much as fixing the problem.",
            ],
         resultFirst: [
                "Oh, okay, yeah, I've got one.",
                "So the short version is my patient was stable within twenty minutes of what could've been a bad insulin error, and our unit changed its process because of it.",
                "Honestly, the bigger thing I learned was that owning the report quickly matters as much as fixing the problem.",
                "Let me back up a bit, though, because I was working nights on a busy med-surg floor, and we were down a nurse.",
                "Around three a.m. I noticed his insulin had been charted as given twice.",
                "I had to work out fast whether he'd really gotten a double dose, since his blood sugar could crash within the hour.",
                "So I checked his glucose at the bedside, and it was already dropping.",
                "I called the on-call doctor, got an order for dextrose, and stayed with him while it went in.",
                "Then the charge nurse and I checked the pump log and confirmed it was a real double dose.",
                "And I filed the incident report that same shift, which led to the second-nurse insulin check we use now.",
            ]),
        (writer: "b", prompt: "Tell me about a time you improved a process under pressure.",
         inOrder: [
                "In the winter of 2022, I was charge nurse on a 28-bed medical unit at Mercy General in Sacramento.",
                "Discharges piled up after three in the afternoon, and the ER was boarding up to 12 patients waiting for our beds.",
                "I needed to get discharge orders out before noon so admitted patients could move up from the ED.",
                "I pulled two weeks of discharge times and found most delays came from pharmacy reconciliation.",
                "I moved medication review to the night shift so it was done before rounds.",
                "I set up a ten-minute huddle at 8:30 with the hospitalist and case manager to flag likely discharges.",
                "I posted each day's before-noon rate on the unit whiteboard.",
                "Within six weeks, before-noon discharges rose from 18 percent to 47 percent, and ED boarding dropped by a third.",
                "I learned that the fix is usually upstream of where the delay shows up.",
            ],
         resultFirst: [
                "I once took a unit's before-noon discharges from 18 to 47 percent in six weeks and cut ED boarding by a third.",
                "It taught me the fix is usually upstream of where the delay shows up.",
                "That was winter 2022, when I was charge nurse on a 28-bed medical unit at Mercy General in Sacramento.",
                "Discharges piled up after three in the afternoon, and the ER was boarding up to 12 patients waiting for our beds.",
                "I needed discharge orders out before noon so admitted patients could move up from the ED.",
                "I pulled two weeks of discharge times and found most delays came from pharmacy reconciliation.",
                "I moved medication review to the night shift so it was done before rounds.",
                "I set up a ten-minute huddle at 8:30 with the hospitalist and case manager to flag likely discharges.",
                "I posted each day's before-noon rate on the unit whiteboard.",
            ]),
        (writer: "c", prompt: "Tell me about a time you handled a crisis under pressure.",
         inOrder: [
                "Three summers ago I was duty manager at a seaside hotel in Whitby when, forty minutes before a wedding breakfast for a hundred and twenty guests, the main oven died with a bang and a smell of burnt wiring.",
                "It fell to me to get three courses on the tables roughly on time without the bride ever finding out that anything had gone wrong.",
                "First I rang the chip shop two doors down, whose owner I knew from the pub quiz, and borrowed his back kitchen for an hour.",
                "Then I split our chefs into two crews, one finishing the cold starters on site and one running the mains down the street on hotel trolleys, which must have looked wonderfully odd to the tourists.",
                "Meanwhile I asked the band to start their first set early, so that the gap between courses felt like a plan rather than a panic.",
                "The mains went out only eighteen minutes late, and the couple later left us a five-star review praising, of all things, the 'relaxed pace' of the meal.",
                "I learned that a crisis is mostly about who you know and how calmly you ask them for help.",
            ],
         resultFirst: [
                "The mains at one wedding I ran went out only eighteen minutes late, and the couple later left us a five-star review praising, of all things, the 'relaxed pace' of the meal.",
                "It taught me that a crisis is mostly a question of who you know and how calmly you ask them for help.",
                "This was three summers ago at a seaside hotel in Whitby, where I was duty manager, and forty minutes before that wedding breakfast our main oven died with a bang and a smell of burnt wiring.",
                "A hundred and twenty guests were waiting, and my job was to feed them three courses without the bride ever finding out that anything had gone wrong.",
                "So I rang the chip shop two doors down, whose owner I knew from the pub quiz, and borrowed his back kitchen for an hour.",
                "I split our chefs into two crews, one finishing the cold starters on site and one wheeling the mains down the street on hotel trolleys, which must have looked wonderfully odd to the tourists.",
                "And I asked the band to start early, so the gap between courses felt like a plan rather than a panic.",
            ]),
    ]

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
