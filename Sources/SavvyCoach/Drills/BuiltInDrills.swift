/// The drills savvy ships with. Cue phrases are what people commonly say when opening each part
/// of the structure; they only feed the offline heuristic, which the LLM tiers can outdo.
public enum BuiltInDrills {
    /// All built-in drills in display order.
    public static let all: [Drill] = [star, prep, elevatorPitch, impromptu, freeTalk]

    /// Behavioural interview answer: Situation, Task, Action, Result.
    public static let star = Drill(
        id: "star",
        title: "STAR interview answer",
        summary: "Behavioural interview question answered as Situation, Task, Action, Result.",
        sections: [
            DrillSection(
                id: "situation", name: "Situation", purpose: "Where and when it happened, and what was going on.",
                exemplars: [
                    "I was working as a nurse on a busy surgical ward when our staffing was cut by a third.",
                    "This happened during my first year at an engineering consultancy, on a bridge inspection contract.",
                    "Our shop had just opened a second branch and sales at the new one were far below plan.",
                    "Some time ago I was part of a small team maintaining the payroll system for a regional council.",
                    "Back then the company was growing fast and nobody had written down how releases worked.",
                    "The setting was a school where I taught maths, in a year when two colleagues left mid-term.",
                ],
                cues: [
                    "at my last job", "at my previous job", "in my last role", "in my previous role", "when i was working",
                    "when i worked", "when i was at", "a few years ago", "last year", "back when", "the situation was",
                    "the context was", "we were working on", "our team was", "there was a time", "i was working as",
                    "i was leading", "at my last company", "at my previous company", "in my first job",
                ],
                earliest: 0, latest: 0.45
            ),
            DrillSection(
                id: "task", name: "Task", purpose: "What you personally had to achieve or fix, and why it mattered.",
                exemplars: [
                    "I had to make sure the audit was passed without delaying the rest of the programme.",
                    "The job that landed on my desk was to bring the overdue orders back under control.",
                    "It was my responsibility to get the new system adopted by the whole department.",
                    "What I needed to achieve was a budget that the board would sign off by Friday.",
                    "Nobody else had the time, so fixing the reporting problem became my goal.",
                    "My aim was to keep every customer informed while the outage lasted.",
                ],
                cues: [
                    "my task was", "my job was", "my role was", "i was responsible for", "i was asked to", "i needed to",
                    "i had to", "my goal was", "the goal was", "i was tasked with", "my responsibility was",
                    "the challenge was", "i was in charge of", "it was up to me", "i had been asked to",
                ],
                earliest: 0, latest: 0.7
            ),
            DrillSection(
                id: "action", name: "Action", purpose: "The steps you took, in the first person, in order.",
                exemplars: [
                    "I began by mapping every step of the process and timing each one.",
                    "Next I sat down with each person involved to hear their side.",
                    "I wrote a short plan, shared it with the team and asked for objections.",
                    "After that I set up a daily check-in so problems surfaced early.",
                    "I rebuilt the spreadsheet from scratch and added checks on every total.",
                    "Then I trained two colleagues so the work no longer depended on me alone.",
                ],
                cues: [
                    "so i", "i decided to", "i started by", "first i", "the first thing i did", "i began by", "then i",
                    "i set up", "i organized", "i organised", "i wrote", "i built", "i met with", "i talked to",
                    "i spoke with", "i worked with", "i proposed", "i created", "what i did was", "i took",
                ],
                earliest: 0.15, latest: 0.9
            ),
            DrillSection(
                id: "result", name: "Result", purpose: "What changed because of it, with a number if possible, and what you learned.",
                exemplars: [
                    "In the end complaints fell by half within three months.",
                    "The project finished a week early and came in under budget.",
                    "Because of that, the team kept the new routine long after I left.",
                    "The outcome was a signed contract worth twice the original estimate.",
                    "We never missed that deadline again, and I learned to ask for help sooner.",
                    "Looking back, the biggest gain was the trust it built with the client.",
                ],
                cues: [
                    "as a result", "in the end", "the result was", "the outcome was", "we ended up", "it ended up",
                    "by the end", "which meant", "we reduced", "we increased", "we improved", "this reduced",
                    "this increased", "this improved", "that reduced", "that increased", "i learned", "what i learned",
                    "we delivered", "we shipped", "we launched", "in the end we", "finally we", "it resulted in",
                ],
                earliest: 0.45, latest: 1
            ),
        ],
        target: DurationRange(minSeconds: 60, maxSeconds: 120),
        prompts: [
            "Tell me about a time you resolved a conflict with a colleague.",
            "Describe a project that failed and what you did about it.",
            "Tell me about a time you had to meet a tight deadline.",
            "Describe a situation where you had to persuade a sceptical stakeholder.",
            "Tell me about a mistake you made at work and how you handled it.",
            "Describe a time you led a team through a difficult change.",
            "Tell me about a time you improved a process that was slowing your team down.",
            "Describe a time you had to learn a new skill quickly to finish a task.",
            "Tell me about a time you received hard feedback and how you responded.",
            "Describe a time you handled an unhappy customer.",
            "Tell me about a time you had to prioritise between competing projects.",
            "Describe a decision you made with incomplete information.",
        ]
    )

    /// Opinion answer: Point, Reason, Example, Point.
    public static let prep = Drill(
        id: "prep",
        title: "PREP opinion answer",
        summary: "State a point, give the reason, back it with an example, restate the point.",
        sections: [
            DrillSection(
                id: "point", name: "Point", purpose: "Your position in one sentence.",
                exemplars: [
                    "My position is that apprenticeships deserve as much respect as degrees.",
                    "I'm clearly against banning homework altogether.",
                    "To my mind, every office should have quiet rooms.",
                    "I would come down on the side of paying interns properly.",
                    "Frankly, open-plan offices do more harm than good.",
                    "Yes, I think libraries are still essential.",
                ],
                cues: [
                    "i think", "i believe", "in my opinion", "my view is", "i would say", "i'd say", "my answer is",
                    "i strongly believe", "i feel that", "the answer is", "i'm convinced", "i am convinced", "my position is",
                ],
                earliest: 0, latest: 0.35
            ),
            DrillSection(
                id: "reason", name: "Reason", purpose: "Why you hold that position.",
                exemplars: [
                    "The main reason is that people learn faster when they can practise on real work.",
                    "That matters because trust takes years to build and seconds to lose.",
                    "It comes down to cost: the cheaper option ends up more expensive over time.",
                    "My reasoning is that attention is limited and interruptions waste it.",
                    "The evidence shows that small habits compound over months.",
                    "Put simply, fairness makes people more willing to contribute.",
                ],
                cues: [
                    "because", "the reason is", "the main reason", "the reason why", "that's because", "that is because",
                    "since", "the key reason", "mainly because", "this matters because",
                ],
                earliest: 0.1, latest: 0.7
            ),
            DrillSection(
                id: "example", name: "Example", purpose: "A concrete case, story or number that supports the reason.",
                exemplars: [
                    "Take my uncle, who trained as an electrician and now runs a firm of twenty.",
                    "A case I know well is a hospital that cut waiting times by publishing them.",
                    "I saw this myself when our office tried a quiet floor for a month.",
                    "Look at Finland, where schools give very little homework and results stay high.",
                    "At a previous job we tested both approaches side by side for a quarter.",
                    "One study followed a thousand students over ten years and found the same pattern.",
                ],
                cues: [
                    "for example", "for instance", "take for example", "a good example", "to give an example",
                    "one example", "i remember", "last year", "when i", "such as", "consider",
                ],
                earliest: 0.25, latest: 0.9
            ),
            DrillSection(
                id: "restate", name: "Point again", purpose: "The position restated as a conclusion.",
                exemplars: [
                    "That is why I'd back apprenticeships every time.",
                    "So all things considered, quiet rooms are worth the space they take.",
                    "For those reasons, I'd keep homework but make it shorter.",
                    "Overall, then, paying interns is both fair and good business.",
                    "So to answer the question, yes, libraries still matter.",
                    "All in all, I'd say the benefits clearly outweigh the costs.",
                ],
                cues: [
                    "so i think", "so overall", "that's why", "that is why", "which is why", "in short", "to sum up",
                    "in summary", "so in conclusion", "in conclusion", "overall i", "so yes", "so my answer",
                    "so again", "to conclude",
                ],
                earliest: 0.6, latest: 1
            ),
        ],
        target: DurationRange(minSeconds: 45, maxSeconds: 90),
        prompts: [
            "Should teams work fully remote?",
            "Is it better to specialise or to be a generalist early in a career?",
            "Should meetings have a strict time limit?",
            "Are code reviews worth the time they take?",
            "Should companies publish salary ranges in job adverts?",
            "Is public speaking a skill anyone can learn?",
            "Should students learn a second language from primary school?",
            "Is it better to ship early or to ship polished?",
            "Should cities ban cars from their centres?",
            "Are performance reviews useful?",
            "Should a four-day working week become the norm?",
        ]
    )

    /// Short pitch: Hook, Problem, Solution, Ask.
    public static let elevatorPitch = Drill(
        id: "pitch",
        title: "Elevator pitch",
        summary: "Thirty to sixty seconds: hook, problem, your solution, and a clear ask.",
        sections: [
            DrillSection(
                id: "hook", name: "Hook", purpose: "An opening line that makes the listener want the next one.",
                exemplars: [
                    "Imagine never having to wait on hold with your bank again.",
                    "Three out of four small shops close within five years.",
                    "Have you ever lost a whole afternoon to a printer?",
                    "Every night, restaurants in this city throw away enough food to feed a small town.",
                    "Hi, I'm Sam, and I turn messy data into decisions.",
                    "What would you do with one extra hour every day?",
                ],
                cues: [
                    "imagine", "did you know", "what if", "have you ever", "picture this", "every day", "every year",
                    "hi i'm", "hello i'm", "my name is", "i'm the founder", "i help", "we help",
                ],
                earliest: 0, latest: 0.35
            ),
            DrillSection(
                id: "problem", name: "Problem", purpose: "Who has what pain, and how big it is.",
                exemplars: [
                    "Parents spend hours every week chasing school forms and payments.",
                    "Right now small farms have no easy way to sell directly to local cafés.",
                    "The trouble is that most budgeting apps are built for accountants, not for people.",
                    "Teams lose track of decisions because they are buried in chat threads.",
                    "Renters often wait weeks for simple repairs because landlords never see the request.",
                    "That costs the average clinic thousands each year in missed appointments.",
                ],
                cues: [
                    "the problem is", "the problem", "the challenge is", "struggle", "struggles", "waste", "wastes",
                    "costs", "too hard", "too slow", "too expensive", "frustrating", "frustrated", "the issue is", "pain",
                ],
                earliest: 0, latest: 0.6
            ),
            DrillSection(
                id: "solution", name: "Solution", purpose: "What you offer and why it works better.",
                exemplars: [
                    "Our app collects every form in one place and lets you pay with one tap.",
                    "We connect farmers and cafés through a simple weekly order list.",
                    "The service sends a text reminder and lets patients rebook in seconds.",
                    "My plan is a shared board where every decision gets a date and an owner.",
                    "It works by reading your bank feed and sorting spending into three plain buckets.",
                    "We've built a tool that turns a photo of a receipt into an expense claim.",
                ],
                cues: [
                    "we built", "we've built", "we have built", "our product", "our solution", "our app", "our service",
                    "that's why we", "so we", "we created", "we make", "lets you", "allows you", "helps you",
                    "i built", "i created",
                ],
                earliest: 0.2, latest: 0.9
            ),
            DrillSection(
                id: "ask", name: "Ask", purpose: "The concrete next step you want from the listener.",
                exemplars: [
                    "I'm looking for an introduction to your head of operations.",
                    "Would you be open to a thirty minute demo next week?",
                    "We are raising two hundred thousand and would welcome you as an investor.",
                    "If this sounds useful, let's book a call and I'll show you the pilot results.",
                    "What I need from you is approval to run a one month trial.",
                    "Could I send you the deck and follow up on Monday?",
                ],
                cues: [
                    "i'd love to", "i would love to", "we're looking for", "we are looking for", "we're raising",
                    "we are raising", "can we", "could we", "would you", "let's talk", "let's set up", "reach out",
                    "get in touch", "i'm looking for", "i am looking for", "are you free", "can i send",
                ],
                earliest: 0.6, latest: 1
            ),
        ],
        target: DurationRange(minSeconds: 30, maxSeconds: 60),
        prompts: [
            "Pitch yourself for your dream job.",
            "Pitch a side project you would like to build.",
            "Pitch a tool that would save your team an hour a week.",
            "Pitch your team's current project to a new executive.",
            "Pitch a volunteer cause to a potential donor.",
            "Pitch a new feature for an app you use every day.",
            "Pitch a local business idea to a bank manager.",
            "Pitch yourself as a conference speaker.",
            "Pitch a course you could teach to colleagues.",
            "Pitch a change to how your team runs meetings.",
            "Pitch a product that makes commuting easier.",
        ]
    )

    /// Unprepared short talk: Opening, Body, Close.
    public static let impromptu = Drill(
        id: "impromptu",
        title: "Impromptu talk",
        summary: "Speak on a topic without preparation: open, develop two or three points, close.",
        sections: [
            DrillSection(
                id: "opening", name: "Opening", purpose: "Frame the topic and say where you are going.",
                exemplars: [
                    "I want to talk about something most of us do every day without thinking: sleep.",
                    "Let me start with a question about why cities feel so different at night.",
                    "My topic is the value of making mistakes in public.",
                    "When I hear the word home, I think of three quite different places.",
                    "I'd like to share a few thoughts on why we all love a good story.",
                    "Here's something I've been thinking about a lot lately: patience.",
                ],
                cues: [
                    "today i want to", "i want to talk about", "i'd like to talk about", "i would like to talk about",
                    "let me tell you", "when i think about", "the topic", "i'm going to talk", "i am going to talk",
                    "let's talk about", "i'll talk about",
                ],
                earliest: 0, latest: 0.3
            ),
            DrillSection(
                id: "body", name: "Points", purpose: "Two or three developed points, signposted.",
                exemplars: [
                    "One reason is that habits are easier to keep than decisions.",
                    "Another thing to consider is how much we copy the people around us.",
                    "On the other hand, too much routine makes every day blur together.",
                    "My second point is about money, because cost changes everything.",
                    "For instance, my neighbour started running at sixty and now coaches others.",
                    "There's also the question of time, which nobody seems to have enough of.",
                ],
                cues: [
                    "first", "firstly", "the first", "second", "secondly", "another", "also", "on the other hand",
                    "for example", "for instance", "one reason", "one thing",
                ],
                earliest: 0.1, latest: 0.85
            ),
            DrillSection(
                id: "close", name: "Close", purpose: "A conclusion or call to action that ties the points together.",
                exemplars: [
                    "So the next time you feel rushed, remember that slow can be a choice.",
                    "To sum up, small changes made steadily beat big plans made once.",
                    "That's really the heart of it: be curious and keep asking.",
                    "If there's one thing to remember, it's that kindness costs nothing.",
                    "Thanks for listening, and I hope you'll try it this week.",
                    "In short, the best time to start is now.",
                ],
                cues: [
                    "in conclusion", "to sum up", "so overall", "finally", "in the end", "to wrap up", "so that's why",
                    "so that is why", "so next time", "the takeaway", "in short", "so remember", "thank you",
                ],
                earliest: 0.6, latest: 1
            ),
        ],
        target: DurationRange(minSeconds: 60, maxSeconds: 120),
        prompts: [
            "The best advice you have ever received.",
            "A place that changed how you think.",
            "Why boredom is underrated.",
            "The most useful thing you learned last year.",
            "A habit you would like everyone to adopt.",
            "What makes a good teacher.",
            "The role of luck in success.",
            "A book or film everyone should know.",
            "How technology changed your daily routine.",
            "What you would do with an extra hour every day.",
            "The hardest part of learning something new.",
            "Why small teams move faster.",
        ]
    )

    /// Open practice with a light opening/close structure.
    public static let freeTalk = Drill(
        id: "free",
        title: "Free talk",
        summary: "Talk about anything; only delivery and a clear opening and close are judged.",
        sections: [
            DrillSection(
                id: "opening", name: "Opening", purpose: "Tell the listener what the talk is about.",
                exemplars: [
                    "I want to talk about something most of us do every day without thinking: sleep.",
                    "Let me start with a question about why cities feel so different at night.",
                    "My topic is the value of making mistakes in public.",
                    "When I hear the word home, I think of three quite different places.",
                    "I'd like to share a few thoughts on why we all love a good story.",
                    "Here's something I've been thinking about a lot lately: patience.",
                ],
                cues: [
                    "today i want to", "i want to talk about", "i'd like to talk about", "i would like to talk about",
                    "let me tell you", "this is about", "i'm going to", "i am going to", "let's talk about",
                ],
                earliest: 0, latest: 0.3
            ),
            DrillSection(
                id: "close", name: "Close", purpose: "End deliberately: a summary, a takeaway or a thank-you.",
                exemplars: [
                    "So the next time you feel rushed, remember that slow can be a choice.",
                    "To sum up, small changes made steadily beat big plans made once.",
                    "That's really the heart of it: be curious and keep asking.",
                    "If there's one thing to remember, it's that kindness costs nothing.",
                    "Thanks for listening, and I hope you'll try it this week.",
                    "In short, the best time to start is now.",
                ],
                cues: [
                    "in conclusion", "to sum up", "so overall", "in the end", "to wrap up", "the takeaway", "in short",
                    "thank you", "thanks for listening", "that's all", "that is all",
                ],
                earliest: 0.6, latest: 1
            ),
        ],
        target: DurationRange(minSeconds: 60, maxSeconds: 300),
        prompts: [
            "Describe your week so far.",
            "Explain your job to a ten-year-old.",
            "Describe a hobby and why you enjoy it.",
            "Talk about a recent trip.",
            "Explain how something you use every day works.",
            "Describe a person who influenced you.",
            "Talk about a goal you are working towards.",
            "Describe your ideal weekend.",
            "Talk about a problem you solved recently.",
            "Describe a skill you would like to master.",
            "Retell the plot of a story you like.",
        ]
    )
}
