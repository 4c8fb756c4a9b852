import Foundation
import SavvyAudio
import SavvyTestSupport
import XCTest

/// Issue 12: the whole spoken interview without a sound card. ALSA's `file` plugin plays the
/// answers (generated fixtures, one raw stream separated by silences) into the capture side and
/// takes what the coach says on the playback side.
final class InterviewCommandTests: XCTestCase {
    private func sox(_ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        p.arguments = args
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "sox \(args)")
    }

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testIssue12_interviewAsksFollowsUpOnAMissingResultAndStoresEveryTurn() throws {
        let dir = try TemporaryDirectory()
        // Answers, in the order the turns come: Q1 (no Result) → its follow-up → Q2 → silence
        // for whatever comes next. Each answer ends in 4 s of silence: the 3 s auto-stop ends
        // it and the last second is the next turn's room-noise calibration.
        try sox(["-n", "-r", "16000", "-c", "1", "-b", "16", dir.path("lead.wav"), "trim", "0", "1"])
        try sox(["-n", "-r", "16000", "-c", "1", "-b", "16", dir.path("gap.wav"), "trim", "0", "4"])
        try sox(["-n", "-r", "16000", "-c", "1", "-b", "16", dir.path("tail.wav"), "trim", "0", "10"])
        let raw = dir.path("answers.raw")
        try sox([dir.path("lead.wav"), PackagePaths.fixture("star-no-result.wav"), dir.path("gap.wav"),
                 PackagePaths.fixture("follow-up-number.wav"), dir.path("gap.wav"),
                 PackagePaths.fixture("star-answer.wav"), dir.path("gap.wav"), dir.path("tail.wav"),
                 "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        let coach = dir.path("coach.wav"), config = dir.path("asound.conf")
        try """
        pcm.savvyin { type file; slave.pcm { type null }; file "/dev/null"; infile "\(raw)"; format "raw" }
        \(SayCommandTests.outputConfiguration(coach))
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let prompts = dir.path("prompts.txt")
        try """
        # two questions of our own
        Tell me about a time you fixed a bug under a deadline.
        Tell me about a time you fixed a production problem.
        """.write(toFile: prompts, atomically: true, encoding: .utf8)
        let env = ["SAVVY_HOME": dir.path("home"), "ALSA_CONFIG_PATH": config]

        let run = try BinaryRun.savvy(["interview", "--prompts", prompts, "--device", "savvyin", "--output-device", "savvyout",
                                       "--follow-ups", "1", "--wait", "4", "--asr", "whisper", "--coach", "heuristic", "--json"],
                                      environment: env)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        let doc = try json(run.stdout)
        let summary = try XCTUnwrap(doc["summary"] as? [String: Any])
        let turns = try XCTUnwrap(summary["turns"] as? [[String: Any]])
        // Q1, its follow-up on the missing Result, then Q2 (and possibly a follow-up to it,
        // which the silence answers).
        XCTAssertGreaterThanOrEqual(turns.count, 3, run.stderr)
        // A failed count must fail this test, not crash the whole run on an index.
        guard turns.count >= 3 else { return }
        XCTAssertEqual(turns[0]["text"] as? String, "Tell me about a time you fixed a bug under a deadline.")
        XCTAssertEqual(turns[0]["outcome"] as? String, "answered")
        XCTAssertEqual(turns[1]["kind"] as? String, "follow-up")
        XCTAssertEqual(turns[1]["text"] as? String, "What changed because of it — can you put a number on it?")
        XCTAssertEqual(turns[1]["reason"] as? String, "no Result section found")
        XCTAssertEqual(turns[1]["outcome"] as? String, "answered")
        XCTAssertEqual(turns[2]["text"] as? String, "Tell me about a time you fixed a production problem.")
        XCTAssertEqual(turns[2]["outcome"] as? String, "answered")
        if turns.count > 3 {
            XCTAssertEqual(turns[3]["outcome"] as? String, "no answer")
            XCTAssertTrue(run.stderr.contains("no answer: nobody spoke for 4.0 s"), run.stderr)
        }
        XCTAssertEqual((summary["workOn"] as? [String])?.count, 3)
        XCTAssertNotNil(summary["best"])
        XCTAssertNotNil(summary["weakest"])

        // Each answer is a normal session whose prompt is what the coach asked.
        let sessionIDs = turns.compactMap { $0["sessionID"] as? Int }
        XCTAssertEqual(sessionIDs.count, 3)
        guard sessionIDs.count == 3 else { return }
        let followUpSession = try json(try BinaryRun.savvy(["show", String(sessionIDs[1]), "--json"], environment: env).stdout)
        let transcript = try XCTUnwrap((followUpSession["transcript"] as? [String: Any])?["words"] as? [[String: Any]])
        let heard = transcript.compactMap { $0["text"] as? String }.joined(separator: " ").lowercased()
        XCTAssertTrue(heard.contains("first week") && (heard.contains("90") || heard.contains("ninety")), "the follow-up answer is the follow-up fixture: \(heard)")

        // show and history find the interview; the takes are gone.
        let shown = try BinaryRun.savvy(["show", "last", "--interview"], environment: env)
        XCTAssertEqual(shown.exitCode, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("because: no Result section found"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("Best answer"), shown.stdout)
        let listed = try BinaryRun.savvy(["history", "--interviews", "--json"], environment: env)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 1)
        guard rows.count == 1 else { return }
        XCTAssertEqual(rows[0]["questions"] as? Int, 2)
        XCTAssertEqual(rows[0]["answered"] as? Int, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path("home/takes")), [])

        // The coach's voice went to the output device, not into the answers: every turn's
        // question is in coach.wav, at least a second of speech each.
        let spoken = try AudioFile.load(path: coach)
        XCTAssertGreaterThan(spoken.durationSeconds, Double(turns.count) * 1.0)
        XCTAssertGreaterThan(AudioLevel(block: spoken.samples).rmsDBFS, -35)
        let firstAnswer = try json(try BinaryRun.savvy(["show", String(sessionIDs[0]), "--json"], environment: env).stdout)
        let firstWords = try XCTUnwrap((firstAnswer["transcript"] as? [String: Any])?["words"] as? [[String: Any]])
            .compactMap { $0["text"] as? String }.joined(separator: " ").lowercased()
        XCTAssertFalse(firstWords.contains("deadline"), "the question must not be recorded as the answer: \(firstWords)")
    }

    /// Issue 13: every turn of an interview is scored by the one Whisper worker started for the
    /// first; session 5 stopped it after each transcript and the next turn paid about 1 s to
    /// start another. The worker is the real one, run through a `python3` that notes its pid in a
    /// log before it becomes the venv's interpreter, so each line of the log is one start.
    func testIssue13_interviewStartsTheWhisperWorkerOnce() throws {
        // As savvy finds it: SAVVY_VENV, or the default place `make venv` installs to.
        let configured = ProcessInfo.processInfo.environment["SAVVY_VENV"] ?? ""
        let venv = configured.isEmpty ? NSHomeDirectory() + "/.local/share/savvy/venv" : configured
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: venv + "/bin/python3"),
                          "the Whisper venv is not installed (make venv)")
        let dir = try TemporaryDirectory()
        // The real venv's model and packages, behind a logging interpreter.
        let wrapped = dir.path("venv"), starts = dir.path("starts.log")
        try FileManager.default.createDirectory(atPath: wrapped + "/bin", withIntermediateDirectories: true)
        for entry in try FileManager.default.contentsOfDirectory(atPath: venv) where entry != "bin" {
            try FileManager.default.createSymbolicLink(atPath: wrapped + "/" + entry, withDestinationPath: venv + "/" + entry)
        }
        try "#!/bin/sh\necho $$ >> '\(starts)'\nexec '\(venv)/bin/python3' \"$@\"\n"
            .write(toFile: wrapped + "/bin/python3", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapped + "/bin/python3")

        // Two short answers, each ended by the 3 s silence stop.
        try sox(["-n", "-r", "16000", "-c", "1", "-b", "16", dir.path("lead.wav"), "trim", "0", "1"])
        try sox(["-n", "-r", "16000", "-c", "1", "-b", "16", dir.path("gap.wav"), "trim", "0", "4"])
        let raw = dir.path("answers.raw")
        try sox([dir.path("lead.wav"), PackagePaths.fixture("follow-up-number.wav"), dir.path("gap.wav"),
                 PackagePaths.fixture("fillers.wav"), dir.path("gap.wav"),
                 "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "16000", raw])
        let config = dir.path("asound.conf")
        try """
        pcm.savvyin { type file; slave.pcm { type null }; file "/dev/null"; infile "\(raw)"; format "raw" }
        \(SayCommandTests.outputConfiguration(dir.path("coach.wav")))
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let prompts = dir.path("prompts.txt")
        try "What changed because of your work?\nTell me about your week.\n".write(toFile: prompts, atomically: true, encoding: .utf8)

        let run = try BinaryRun.savvy(["interview", "--prompts", prompts, "--device", "savvyin", "--output-device", "savvyout",
                                       "--follow-ups", "0", "--wait", "4", "--asr", "whisper", "--coach", "heuristic", "--json"],
                                      environment: ["SAVVY_HOME": dir.path("home"), "ALSA_CONFIG_PATH": config, "SAVVY_VENV": wrapped])
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        let summary = try XCTUnwrap(try json(run.stdout)["summary"] as? [String: Any])
        let turns = try XCTUnwrap(summary["turns"] as? [[String: Any]])
        XCTAssertEqual(turns.map { $0["outcome"] as? String }, ["answered", "answered"], run.stderr)
        let pids = try String(contentsOfFile: starts, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(pids.count, 1, "one worker for the whole interview, started \(pids.count) times")
        // It is stopped when the interview ends, not left behind.
        for pid in pids.compactMap({ Int32($0) }) {
            XCTAssertEqual(kill(pid, 0), -1, "worker \(pid) outlived the interview")
        }
    }

    func testIssue12_interviewErrorsAreOneClearLine() throws {
        let dir = try TemporaryDirectory()
        let empty = dir.path("empty.txt")
        try "# nothing\n\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let cases: [(id: String, args: [String], code: Int32, message: String)] = [
            ("empty prompts", ["--prompts", empty], 1, "no questions to ask in '\(empty)'"),
            ("missing prompts", ["--prompts", dir.path("nope.txt")], 1, "cannot read prompts file"),
            ("follow-ups range", ["--follow-ups", "9"], 64, "'--follow-ups' must be between 0 and 3"),
            ("missing output", ["--output-device", "no-such-output", "--device", "no-such-input"], 1, "cannot open output device 'no-such-output'"),
        ]
        for c in cases {
            let run = try BinaryRun.savvy(["interview", "--asr", "pocketsphinx"] + c.args, environment: ["SAVVY_HOME": dir.path("home")])
            XCTAssertEqual(run.exitCode, c.code, "\(c.id): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(c.message), "\(c.id): \(run.stderr)")
            XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.hasPrefix("savvy: error:") }.count, 1, "\(c.id): \(run.stderr)")
        }
    }
}
