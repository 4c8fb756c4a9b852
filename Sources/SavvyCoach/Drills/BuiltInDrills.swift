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
                cues: [
                    "my task was", "my job was", "my role was", "i was responsible for", "i was asked to", "i needed to",
                    "i had to", "my goal was", "the goal was", "i was tasked with", "my responsibility was",
                    "the challenge was", "i was in charge of", "it was up to me", "i had been asked to",
                ],
                earliest: 0, latest: 0.7
            ),
            DrillSection(
                id: "action", name: "Action", purpose: "The steps you took, in the first person, in order.",
                cues: [
                    "so i", "i decided to", "i started by", "first i", "the first thing i did", "i began by", "then i",
                    "i set up", "i organized", "i organised", "i wrote", "i built", "i met with", "i talked to",
                    "i spoke with", "i worked with", "i proposed", "i created", "what i did was", "i took",
                ],
                earliest: 0.15, latest: 0.9
            ),
            DrillSection(
                id: "result", name: "Result", purpose: "What changed because of it, with a number if possible, and what you learned.",
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
                cues: [
                    "i think", "i believe", "in my opinion", "my view is", "i would say", "i'd say", "my answer is",
                    "i strongly believe", "i feel that", "the answer is", "i'm convinced", "i am convinced", "my position is",
                ],
                earliest: 0, latest: 0.35
            ),
            DrillSection(
                id: "reason", name: "Reason", purpose: "Why you hold that position.",
                cues: [
                    "because", "the reason is", "the main reason", "the reason why", "that's because", "that is because",
                    "since", "the key reason", "mainly because", "this matters because",
                ],
                earliest: 0.1, latest: 0.7
            ),
            DrillSection(
                id: "example", name: "Example", purpose: "A concrete case, story or number that supports the reason.",
                cues: [
                    "for example", "for instance", "take for example", "a good example", "to give an example",
                    "one example", "i remember", "last year", "when i", "such as", "consider",
                ],
                earliest: 0.25, latest: 0.9
            ),
            DrillSection(
                id: "restate", name: "Point again", purpose: "The position restated as a conclusion.",
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
                cues: [
                    "imagine", "did you know", "what if", "have you ever", "picture this", "every day", "every year",
                    "hi i'm", "hello i'm", "my name is", "i'm the founder", "i help", "we help",
                ],
                earliest: 0, latest: 0.35
            ),
            DrillSection(
                id: "problem", name: "Problem", purpose: "Who has what pain, and how big it is.",
                cues: [
                    "the problem is", "the problem", "the challenge is", "struggle", "struggles", "waste", "wastes",
                    "costs", "too hard", "too slow", "too expensive", "frustrating", "frustrated", "the issue is", "pain",
                ],
                earliest: 0, latest: 0.6
            ),
            DrillSection(
                id: "solution", name: "Solution", purpose: "What you offer and why it works better.",
                cues: [
                    "we built", "we've built", "we have built", "our product", "our solution", "our app", "our service",
                    "that's why we", "so we", "we created", "we make", "lets you", "allows you", "helps you",
                    "i built", "i created",
                ],
                earliest: 0.2, latest: 0.9
            ),
            DrillSection(
                id: "ask", name: "Ask", purpose: "The concrete next step you want from the listener.",
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
                cues: [
                    "today i want to", "i want to talk about", "i'd like to talk about", "i would like to talk about",
                    "let me tell you", "when i think about", "the topic", "i'm going to talk", "i am going to talk",
                    "let's talk about", "i'll talk about",
                ],
                earliest: 0, latest: 0.3
            ),
            DrillSection(
                id: "body", name: "Points", purpose: "Two or three developed points, signposted.",
                cues: [
                    "first", "firstly", "the first", "second", "secondly", "another", "also", "on the other hand",
                    "for example", "for instance", "one reason", "one thing",
                ],
                earliest: 0.1, latest: 0.85
            ),
            DrillSection(
                id: "close", name: "Close", purpose: "A conclusion or call to action that ties the points together.",
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
                cues: [
                    "today i want to", "i want to talk about", "i'd like to talk about", "i would like to talk about",
                    "let me tell you", "this is about", "i'm going to", "i am going to", "let's talk about",
                ],
                earliest: 0, latest: 0.3
            ),
            DrillSection(
                id: "close", name: "Close", purpose: "End deliberately: a summary, a takeaway or a thank-you.",
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
