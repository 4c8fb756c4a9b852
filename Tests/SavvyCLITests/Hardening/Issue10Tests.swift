@preconcurrency import Glibc
import Foundation
import XCTest
import SavvyTestSupport
@testable import SavvyCLI
import SavvyAudio
import SavvyFileSystem
import SavvySession
@testable import SavvyStore

/// Issue 10: what a newcomer and a fault sweep hit. Each test is named after its item.
final class Issue10Tests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
    }

    /// Runs savvy in-process with `SAVVY_HOME` set to this test's folder.
    private func run(_ args: [String], input: ScriptedInput = ScriptedInput(lines: [], isTerminal: false),
                     home override: String? = nil) -> (out: String, err: String, status: ExitStatus) {
        let out = BufferSink(), err = BufferSink()
        let status = SavvyCLI.run(arguments: args, environment: ["SAVVY_HOME": override ?? home.path],
                                  stdout: out, stderr: err, stdin: input)
        return (out.text, err.text, status)
    }

    /// A bash one-liner with `$SAVVY` set to the built binary.
    private func bash(_ script: String) throws -> (out: String, err: String, code: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = ["SAVVY": PackagePaths.savvyBinary, "SAVVY_HOME": home.path, "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self), process.terminationStatus)
    }

    /// Stores a session (with a small stand-in recording) straight through the store API.
    @discardableResult
    private func storeSession(drill: String = "star", source: String = "answer.wav") throws -> Int64 {
        let audio = home.url.appendingPathComponent(source)
        try Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: audio)
        let store = try SessionStore(location: DataLocation(directory: home.url))
        return try store.insertSession(
            NewSession(createdAt: Date(timeIntervalSince1970: 1_764_000_000), drill: drill, prompt: "Tell me.",
                       audioSource: audio, duration: 30, sampleRate: 16_000, transcriptJSON: Data("{}".utf8),
                       asrEngine: "pocketsphinx", asrModel: "en-us", metricsJSON: Data("{}".utf8), metricsVersion: 1),
            scoring: NewScoring(createdAt: Date(timeIntervalSince1970: 1_764_000_000), tier: "heuristic", model: nil,
                                rubricVersion: "r", overall: 3, rubricJSON: Data("{}".utf8), routerJSON: Data("{}".utf8)))
    }

    // MARK: Item 3 — exports

    /// Exports never replace a link, a FIFO, a device, a folder or a read-only file; a missing
    /// folder is named; a regular file is replaced whole (keeping its mode); `-` is stdout.
    func testIssue10_item3_exportsReplaceOnlyRegularWritableFiles() throws {
        let dir = try TemporaryDirectory()
        try "original\n".write(toFile: dir.path("target.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.path("link.TextGrid"), withDestinationPath: dir.path("target.txt"))
        XCTAssertEqual(mkfifo(dir.path("fifo.vtt"), 0o644), 0)
        try "locked\n".write(toFile: dir.path("readonly.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(dir.path("readonly.txt"), 0o444), 0)
        try FileManager.default.createDirectory(atPath: dir.path("folder"), withIntermediateDirectories: false)

        let refused: [(id: String, path: String, reason: String)] = [
            ("symlink", dir.path("link.TextGrid"), "it is a symbolic link, which savvy does not replace"),
            ("fifo", dir.path("fifo.vtt"), "it is a FIFO (named pipe), which savvy does not write into"),
            ("read-only", dir.path("readonly.txt"), "it is a read-only file, which savvy does not replace"),
            ("device", "/dev/full", "it is a device, which savvy does not write into"),
            ("folder", dir.path("folder"), "it is a folder"),
            ("missing folder", "/nonexistent/x.vtt", "the folder '/nonexistent' does not exist"),
        ]
        for c in refused {
            XCTAssertThrowsError(try OutputFile.write("new\n", to: c.path, stdout: BufferSink()), c.id) { error in
                XCTAssertEqual(error as? CLIError, .cannotWrite(path: c.path, reason: c.reason), c.id)
            }
        }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path("link.TextGrid")), dir.path("target.txt"))
        XCTAssertEqual(try String(contentsOfFile: dir.path("target.txt"), encoding: .utf8), "original\n")
        XCTAssertEqual(try String(contentsOfFile: dir.path("readonly.txt"), encoding: .utf8), "locked\n")
        var info = stat()
        XCTAssertEqual(lstat(dir.path("fifo.vtt"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)

        XCTAssertEqual(chmod(dir.path("target.txt"), 0o640), 0)
        try OutputFile.write("replaced\n", to: dir.path("target.txt"), stdout: BufferSink())
        XCTAssertEqual(try String(contentsOfFile: dir.path("target.txt"), encoding: .utf8), "replaced\n")
        XCTAssertEqual(stat(dir.path("target.txt"), &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
        try OutputFile.write("fresh\n", to: dir.path("new.vtt"), stdout: BufferSink())
        XCTAssertEqual(try String(contentsOfFile: dir.path("new.vtt"), encoding: .utf8), "fresh\n")
        let stdout = BufferSink()
        try OutputFile.write("to stdout\n", to: "-", stdout: stdout)
        XCTAssertEqual(stdout.text, "to stdout\n")
        // No temporary file is left behind by any of the above.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }, [])
    }

    // MARK: Item 9 — write errors

    /// `--transcript-out` that cannot be written fails before any scoring: one line, exit 1,
    /// nothing saved.
    func testIssue10_item9_unwritableTranscriptOutFailsBeforeScoring() throws {
        let run = try BinaryRun.savvy(["score", PackagePaths.fixture("fillers.wav"), "--transcript-out", "/nonexistent/x",
                                       "--asr", "pocketsphinx", "--coach", "heuristic"], environment: ["SAVVY_HOME": home.path])
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.stderr, "savvy: error: cannot write '/nonexistent/x': the folder '/nonexistent' does not exist; choose another path\n")
        XCTAssertEqual(run.stdout, "")
        XCTAssertNil(try SessionStore.existing(location: DataLocation(directory: home.url))?.lastSessionID())
    }

    /// Output that cannot be written (a full disk) is a failure with one line, not exit 0; a
    /// reader that goes away stays quiet (ShellBehaviourTests).
    func testIssue10_item9_stdoutWriteErrorIsAFailure() throws {
        for args in ["drills", "history --csv", "completions bash", "drills --json"] {
            let r = try bash("\"$SAVVY\" \(args) > /dev/full")
            XCTAssertEqual(r.code, 1, args)
            XCTAssertEqual(r.err, "savvy: error: cannot write to standard output: disk full\n", args)
        }
    }

    // MARK: Item 13 — read-only commands

    /// `history`, `show`, `rescore` and `delete` on a data folder that does not exist create no
    /// database and no folder.
    func testIssue10_item13_readOnlyCommandsCreateNothing() throws {
        let absent = home.path("not-yet")
        let cases: [(args: [String], status: ExitStatus, out: String, err: String)] = [
            (["history"], .success, HistoryTable.emptyMessage + "\n", ""),
            (["history", "--json"], .success, "[\n\n]\n", ""),
            (["show", "last"], .failure, "", "savvy: error: there are no sessions yet; score a recording with 'savvy score FILE' first\n"),
            (["show", "3"], .failure, "", "savvy: error: no session 3 in the database; run 'savvy history' to see the ids\n"),
            (["rescore", "last"], .failure, "", "savvy: error: there are no sessions yet; score a recording with 'savvy score FILE' first\n"),
            (["delete", "1", "--yes"], .failure, "", "savvy: error: no session 1 in the database; run 'savvy history' to see the ids\n"),
        ]
        for c in cases {
            let r = run(c.args, home: absent)
            XCTAssertEqual(r.status, c.status, c.args.joined(separator: " "))
            XCTAssertEqual(r.out, c.out, c.args.joined(separator: " "))
            XCTAssertEqual(r.err, c.err, c.args.joined(separator: " "))
            XCTAssertFalse(FileManager.default.fileExists(atPath: absent), c.args.joined(separator: " "))
        }
    }

    /// A file name that is not UTF-8 (Latin-1 `caf\xE9.wav`) is scored, and a `--db` in such a
    /// folder is used as given, by the built binary from its raw argv: before, Foundation's
    /// repaired argv made the first "no such file" and the second a folder named `d\u{FFFD}`.
    /// Messages and the report show the byte escaped.
    func testIssue10_item13_nonUTF8PathsReachTheFileSystemByteForByte() throws {
        let dir = try TemporaryDirectory()
        let script = """
            cd '\(dir.path)' && cp '\(PackagePaths.fixture("fillers.wav"))' $'caf\\xe9.wav' && mkdir $'d\\xe9' &&
            "$SAVVY" score $'caf\\xe9.wav' --no-save --asr pocketsphinx --coach heuristic > no-save.out &&
            "$SAVVY" score $'caf\\xe9.wav' --db $'d\\xe9/s.db' --asr pocketsphinx --coach heuristic > saved.out &&
            "$SAVVY" history --db $'d\\xe9/s.db' --json > history.out &&
            "$SAVVY" show last --db $'d\\xe9/s.db' --vtt $'d\\xe9/caf\\xe9.vtt' &&
            "$SAVVY" score $'missing\\xe9\\x1b[31m.wav' --no-save
            """
        let run = try bash(script)
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertEqual(run.err, "savvy: error: cannot read 'missing\\xE9\\x1B[31m.wav': no such file\n")
        let noSave = try String(contentsOfFile: dir.path("no-save.out"), encoding: .utf8)
        XCTAssertTrue(noSave.hasPrefix("caf\\xE9.wav  "), noSave)
        XCTAssertTrue(try String(contentsOfFile: dir.path("saved.out"), encoding: .utf8).contains("saved as session 1"))
        let history = try String(contentsOfFile: dir.path("history.out"), encoding: .utf8)
        XCTAssertTrue(history.contains("\"id\" : 1"), history)
        // Exactly the bytes asked for: the folder `d\xE9` holds the database, the recordings and
        // the export, and no other folder was made.
        let names = try XCTUnwrap(RawPath.directoryEntries(at: dir.path)).map(RawPath.bytes(of:)).sorted { $0.lexicographicallyPrecedes($1) }
        XCTAssertEqual(names, [Array("caf".utf8) + [0xE9] + Array(".wav".utf8), [0x64, 0xE9],
                               Array("history.out".utf8), Array("no-save.out".utf8), Array("saved.out".utf8)])
        let folder = RawPath.decode([0x64, 0xE9])
        let stored = Set(try XCTUnwrap(RawPath.directoryEntries(at: dir.path + "/" + folder)))
        XCTAssertTrue(stored.isSuperset(of: ["s.db", "recordings", RawPath.decode(Array("caf".utf8) + [0xE9] + Array(".vtt".utf8))]), "\(stored)")
    }

    /// `RawPath` gives back every byte string it was given, and leaves valid UTF-8 alone.
    func testIssue10_item13_rawPathRoundTripsEveryByteString() {
        let cases: [(id: String, bytes: [UInt8], shown: String)] = [
            ("ascii", Array("answer.wav".utf8), "answer.wav"),
            ("utf-8", Array("café.wav".utf8), "café.wav"),
            ("latin-1", [0x63, 0x61, 0x66, 0xE9], "caf\\xE9"),
            ("overlong slash", [0xC0, 0xAF], "\\xC0\\xAF"),
            ("surrogate", [0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),
            ("truncated", [0x61, 0xE2, 0x82], "a\\xE2\\x82"),
            ("escape range itself", Array("\u{10FFE9}".utf8), "\\xF4\\x8F\\xBF\\xA9"),
            ("control", [0x61, 0x1B, 0x5B, 0x33, 0x31, 0x6D], "a\\x1B[31m"),
            ("every byte", (1...255).map { UInt8($0) }, ""),
        ]
        for c in cases {
            let path = RawPath.decode(c.bytes)
            XCTAssertEqual(RawPath.bytes(of: path), c.bytes, c.id)
            if c.id != "every byte" { XCTAssertEqual(RawPath.displayed(path), c.shown, c.id) }
            if let valid = String(validating: c.bytes, as: UTF8.self), !valid.unicodeScalars.contains(where: { $0.value >= 0x10FF80 }) {
                XCTAssertEqual(path, valid, c.id)
            }
        }
    }

    // MARK: Item 15 — plain messages

    /// Every command that touches files, each with a file-system fault: one plain line, exit 1,
    /// never a Foundation text ("nscocoaerrordomain error 512", "the operation could not be
    /// completed", "couldn’t be opened").
    func testIssue10_item15_fileFaultsGiveOnePlainLine() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.path("folder.wav")
        XCTAssertEqual(mkdir(folder, 0o755), 0)
        let aFile = dir.path("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: aFile))
        let drillsHome = dir.path("drills-home")
        XCTAssertEqual(mkdir(drillsHome, 0o755), 0)
        XCTAssertEqual(mkdir(drillsHome + "/drills.json", 0o755), 0)
        // Settings files that may be absent, but are there and unreadable: the user must hear that
        // their watch-words, filler list or voice were not used (they were skipped silently).
        let settingsHome = dir.path("settings-home")
        XCTAssertEqual(mkdir(settingsHome, 0o755), 0)
        XCTAssertEqual(mkdir(settingsHome + "/watch-words.txt", 0o755), 0)
        let latin1Home = dir.path("latin1-home")
        XCTAssertEqual(mkdir(latin1Home, 0o755), 0)
        try Data([0x75, 0x6D, 0x0A, 0x65, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1Home + "/fillers.txt"))
        XCTAssertEqual(mkdir(latin1Home + "/voice.conf", 0o755), 0)
        try storeSession()
        try Data("x".utf8).write(to: home.url.appendingPathComponent("reports"))
        let cases: [(id: String, args: [String], home: String?, says: String)] = [
            ("score missing", ["score", dir.path("missing.wav"), "--no-save"], nil, "cannot read '\(dir.path("missing.wav"))': no such file"),
            ("score folder", ["score", folder, "--no-save"], nil, "is a folder, not a regular file"),
            ("score --db under a file", ["score", PackagePaths.fixture("fillers.wav"), "--db", aFile + "/s.db",
                                         "--asr", "pocketsphinx", "--coach", "heuristic"], nil, "'\(aFile)' is a file, not a directory"),
            ("drills file is a folder", ["drills"], drillsHome, "cannot read drill file '\(drillsHome)/drills.json': is a directory"),
            ("progress folder is a file", ["progress"], nil, "cannot create the folder '\(home.path)/reports'"),
            ("import a folder", ["import", folder], nil, "cannot be read: is a directory"),
            ("import missing", ["import", dir.path("missing.json")], nil, "cannot be read: no such file or directory"),
            ("watch-words is a folder", ["score", PackagePaths.fixture("fillers.wav"), "--no-save", "--asr", "pocketsphinx",
                                         "--coach", "heuristic"], settingsHome,
             "cannot read '\(settingsHome)/watch-words.txt': is a directory; fix it or remove it"),
            ("fillers.txt not UTF-8", ["score", PackagePaths.fixture("fillers.wav"), "--no-save", "--asr", "pocketsphinx",
                                       "--coach", "heuristic"], latin1Home,
             "cannot read '\(latin1Home)/fillers.txt': not UTF-8 text; fix it or remove it"),
            ("voice.conf is a folder", ["say", "hello", "--output-device", "null"], latin1Home,
             "cannot read '\(latin1Home)/voice.conf': is a directory; fix it or remove it"),
            ("transcript-out in a file", ["score", PackagePaths.fixture("fillers.wav"), "--no-save", "--transcript-out", aFile + "/t.txt"],
             nil, "a parent path is a file, not a directory"),
        ]
        let foundation = ["nscocoaerrordomain", "operation could not be completed", "couldn’t", "couldn't", "error domain", "read failed"]
        for c in cases {
            let r = run(c.args, home: c.home)
            XCTAssertEqual(r.status, .failure, c.id)
            XCTAssertTrue(r.err.hasPrefix("savvy: error: ") && r.err.hasSuffix("\n"), "\(c.id): \(r.err)")
            // One line per failure (`import` adds its count of failed files).
            XCTAssertTrue(r.err.split(separator: "\n").allSatisfy { $0.hasPrefix("savvy: error: ") }, "\(c.id): \(r.err)")
            XCTAssertTrue(r.err.contains(c.says), "\(c.id): \(r.err)")
            for text in foundation { XCTAssertFalse(r.err.lowercased().contains(text), "\(c.id): \(r.err)") }
        }
    }

    /// Foundation's own errors, from real calls, become a plain reason; one that reaches the
    /// top unmapped still gets one line naming the file.
    func testIssue10_item15_foundationErrorsBecomePlainReasons() throws {
        let dir = try TemporaryDirectory()
        var errors: [(id: String, error: any Error, reason: String)] = []
        do { _ = try Data(contentsOf: URL(fileURLWithPath: dir.path("missing"))) } catch { errors.append(("read missing", error, "no such file or directory")) }
        do { try Data().write(to: URL(fileURLWithPath: dir.path("no/such/folder/x"))) } catch { errors.append(("write into missing folder", error, "no such file or directory")) }
        do { try FileManager.default.createDirectory(atPath: "/dev/null/x", withIntermediateDirectories: true) } catch {
            // Foundation keeps no errno here: the Cocoa code's meaning, still one plain reason.
            errors.append(("folder under a device", error, "the file system refused the operation"))
        }
        XCTAssertEqual(errors.count, 3)
        for e in errors {
            XCTAssertEqual(SystemErrorText.reason(e.error), e.reason, e.id)
            let line = ErrorReporter.message(for: e.error)
            XCTAssertTrue(line.hasSuffix(e.reason + "; check the path, its permissions and free space, then try again"), "\(e.id): \(line)")
            XCTAssertFalse(line.lowercased().contains("domain"), "\(e.id): \(line)")
        }
    }

    // MARK: Item 14 — exit codes and wording

    /// An unknown value of a flag is a bad invocation (64) everywhere, drill ids included.
    func testIssue10_item14_unknownFlagValuesExit64() throws {
        let cases: [(args: [String], says: String)] = [
            (["score", PackagePaths.fixture("fillers.wav"), "--drill", "nope"], "unknown drill 'nope'; choose one of: star, prep, pitch, impromptu, free"),
            (["score", PackagePaths.fixture("fillers.wav"), "--asr", "whispr"], "'whispr' is not a valid value for '--asr'"),
            (["history", "--drill", "nope"], "unknown drill 'nope'"),
            (["drills", "nope"], "unknown drill 'nope'"),
            (["practice", "--drill", "nope"], "unknown drill 'nope'"),
        ]
        for c in cases {
            let r = run(c.args)
            XCTAssertEqual(r.status, .usage, "\(c.args): \(r.err)")
            XCTAssertTrue(r.err.hasPrefix("savvy: error: \(c.says)"), "\(c.args): \(r.err)")
            XCTAssertEqual(r.out, "", "\(c.args)")
        }
    }

    /// A filter that matches nothing says so instead of "No sessions yet. Record one…".
    func testIssue10_item14_filterMatchedNothingSaysSo() throws {
        try storeSession(drill: "star")
        let cases: [(args: [String], out: String)] = [
            (["history", "--drill", "free"], "No sessions match drill 'free'; 'savvy history' without filters lists them all.\n"),
            (["history", "--since", "2030-01-01"], "No sessions match on or after 2030-01-01; 'savvy history' without filters lists them all.\n"),
            (["history", "--drill", "prep", "--since", "2030-01-01"],
             "No sessions match drill 'prep' and on or after 2030-01-01; 'savvy history' without filters lists them all.\n"),
        ]
        for c in cases {
            let r = run(c.args)
            XCTAssertEqual(r.status, .success, "\(c.args)")
            XCTAssertEqual(r.out, c.out, "\(c.args)")
        }
    }

    // MARK: Item 18 — manners

    /// `delete` asks on a terminal; only 'y'/'yes' deletes; `--yes` and scripts do not ask.
    func testIssue10_item18_deleteAsksOnATerminal() throws {
        let first = try storeSession(source: "one.wav")
        let kept = run(["delete", "\(first)"], input: ScriptedInput(lines: ["n"], isTerminal: true))
        XCTAssertEqual(kept.status, .success)
        XCTAssertTrue(kept.err.hasPrefix("Delete session \(first) (one.wav, "), kept.err)
        XCTAssertTrue(kept.err.hasSuffix(") and its recording? [y/N] kept session \(first)\n"), kept.err)
        XCTAssertEqual(kept.out, "")
        let noAnswer = run(["delete", "\(first)"], input: ScriptedInput(lines: [], isTerminal: true))
        XCTAssertTrue(noAnswer.err.hasSuffix("kept session \(first)\n"), noAnswer.err)
        let yes = run(["delete", "\(first)"], input: ScriptedInput(lines: ["yes"], isTerminal: true))
        XCTAssertEqual(yes.out, "deleted session \(first) (one.wav)\n")

        let second = try storeSession(source: "two.wav")
        let flagged = run(["delete", "\(second)", "--yes"], input: ScriptedInput(lines: [], isTerminal: true))
        XCTAssertEqual(flagged.err, "")
        XCTAssertEqual(flagged.out, "deleted session \(second) (two.wav)\n")
        let third = try storeSession(source: "three.wav")
        let scripted = run(["delete", "\(third)"])
        XCTAssertEqual(scripted.err, "")
        XCTAssertEqual(scripted.out, "deleted session \(third) (three.wav)\n")
    }

    // MARK: Item 8 — schema version

    /// A negative schema version is one clear line from every command that opens the database.
    func testIssue10_item8_negativeSchemaVersionIsOneLine() throws {
        try storeSession()
        let path = DataLocation(directory: home.url).databaseURL.path
        try Connection(path: path).execute("PRAGMA user_version = -1", action: "test")
        let expected = "savvy: error: '\(path)' is not a savvy database or is damaged (schema version -1, which no savvy writes); "
            + "move it aside and run again\n"
        for args in [["history"], ["show", "last"], ["score", PackagePaths.fixture("fillers.wav")]] {
            let r = run(args)
            XCTAssertEqual(r.status, .failure, "\(args)")
            XCTAssertEqual(r.err, expected, "\(args)")
        }
        let doctor = run(["doctor", "--no-mic", "--json"])
        XCTAssertTrue(doctor.out.contains("schema version -1, which no savvy writes"), doctor.out)
    }

    // MARK: Item 12 — Whisper's temporary files and worker

    /// The whisper work folders under `tmp`.
    private func whisperFolders(_ tmp: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { $0.hasPrefix("savvy-whisper-") }
    }

    /// Children of `pid` (from /proc), to find the Whisper worker.
    private func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == pid
        }
    }

    /// Skips when Whisper is not installed (`make venv` installs it; CI has it).
    private func requireWhisper() throws {
        let doctor = try BinaryRun.savvy(["doctor", "--no-mic", "--json"], environment: ["SAVVY_HOME": home.path])
        if !doctor.stdout.contains("\"name\" : \"asr whisper\",\n    \"status\" : \"ok\"") {
            throw XCTSkip("whisper is not installed (make venv)")
        }
    }

    /// A Whisper run leaves no folder behind when savvy exits normally (it used to leave a
    /// world-readable /tmp/savvy-whisper-UUID every time).
    func testIssue10_item12_whisperLeavesNoTemporaryFolder() throws {
        try requireWhisper()
        let tmp = try TemporaryDirectory()
        let run = try BinaryRun.savvy(["score", PackagePaths.fixture("fillers.wav"), "--asr", "whisper", "--coach", "heuristic",
                                       "--no-save", "--json"], environment: ["SAVVY_HOME": home.path, "TMPDIR": tmp.path])
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        // The worker removes its folder once savvy's end closes its input; allow it a moment.
        let deadline = Date().addingTimeInterval(5)
        while try !whisperFolders(tmp).isEmpty, Date() < deadline { usleep(50_000) }
        XCTAssertEqual(try whisperFolders(tmp), [])
    }

    /// Killing savvy with SIGKILL mid-transcription takes the worker down within a moment, and
    /// the private (0700) work folder goes with it.
    func testIssue10_item12_workerDiesWithItsParent() throws {
        try requireWhisper()
        let tmp = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PackagePaths.savvyBinary)
        process.arguments = ["score", PackagePaths.fixture("star-answer.wav"), "--asr", "whisper", "--coach", "heuristic", "--no-save"]
        var env = ProcessInfo.processInfo.environment
        env["SAVVY_HOME"] = home.path
        env["TMPDIR"] = tmp.path
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let savvy = process.processIdentifier
        // Wait until a request is in flight: the audio file is in the work folder.
        var folder: String?
        var worker: Int32?
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, process.isRunning {
            if let name = try whisperFolders(tmp).first,
               let files = try? FileManager.default.contentsOfDirectory(atPath: tmp.path(name)),
               files.contains(where: { $0.hasPrefix("audio-") }) {
                folder = tmp.path(name)
                worker = children(of: savvy).first
                break
            }
            usleep(20_000)
        }
        let workFolder = try XCTUnwrap(folder, "no transcription started")
        let workerPid = try XCTUnwrap(worker, "no worker process")
        var info = stat()
        XCTAssertEqual(stat(workFolder, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700, "the work folder holds speech; it must be private")
        kill(savvy, SIGKILL)
        process.waitUntilExit()
        let gone = Date().addingTimeInterval(3)
        while (kill(workerPid, 0) == 0 || FileManager.default.fileExists(atPath: workFolder)), Date() < gone { usleep(20_000) }
        XCTAssertNotEqual(kill(workerPid, 0), 0, "the worker outlived savvy")
        XCTAssertFalse(FileManager.default.fileExists(atPath: workFolder), "the work folder outlived savvy")
    }

    // MARK: Items 5 and 7 — one read of the input; regular files only

    /// The input is read once: a file replaced after the snapshot (`mv b.wav a.wav` during
    /// scoring) changes neither the decoded audio, nor the SHA-256, nor the stored bytes.
    func testIssue10_item5_replacedInputKeepsTheBytesThatWereRead() throws {
        let dir = try TemporaryDirectory()
        let a = dir.path("a.wav")
        try FileManager.default.copyItem(atPath: PackagePaths.fixture("fillers.wav"), toPath: a)
        try FileManager.default.copyItem(atPath: PackagePaths.fixture("pitch-glide.wav"), toPath: dir.path("b.wav"))
        let original = try Data(contentsOf: URL(fileURLWithPath: a))
        let expected = try AudioFile.load(path: a)

        let snapshot = try InputSnapshot(path: a)
        XCTAssertEqual(rename(dir.path("b.wav"), a), 0)  // the swap, after the read
        let decoded = try AudioFile.load(path: snapshot.readPath, displayPath: snapshot.sourcePath)
        XCTAssertEqual(decoded.samples, expected.samples)
        XCTAssertEqual(decoded.source.path, a)
        let store = try SessionStore(location: DataLocation(directory: home.url))
        var session = NewSession(createdAt: Date(), drill: "free", prompt: "", audioSource: URL(fileURLWithPath: a),
                                 duration: 8.9, sampleRate: 16_000, transcriptJSON: Data("{}".utf8), asrEngine: "pocketsphinx",
                                 asrModel: "en-us", metricsJSON: Data("{}".utf8), metricsVersion: 1)
        session.audioReadPath = snapshot.readPath
        let id = try store.insertSession(session)
        let stored = try XCTUnwrap(try store.session(id: id))
        XCTAssertEqual(stored.audioSHA256, snapshot.sha256)
        XCTAssertEqual(stored.sourceName, "a.wav")
        XCTAssertEqual(try Data(contentsOf: store.recordingURL(of: stored)), original)
        XCTAssertEqual(try store.sessionIDs(audioSHA256: snapshot.sha256), [id])
    }

    /// A FIFO, a device or a folder is refused before any work, with one line (a FIFO used to
    /// hang a saving `score`).
    func testIssue10_item7_nonRegularInputsAreRefusedAtOnce() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(mkfifo(dir.path("take.wav"), 0o644), 0)
        // A socket cannot even be opened (ENXIO); it used to read "no such device or address".
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let socketPath = dir.path("s.wav")
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        let cases: [(path: String, kind: String)] = [
            (dir.path("take.wav"), "a FIFO (named pipe)"),
            (socketPath, "a socket"),
            ("/dev/zero", "a device"),
            (dir.path, "a folder"),
        ]
        for c in cases {
            let r = run(["score", c.path, "--asr", "pocketsphinx", "--coach", "heuristic"])
            XCTAssertEqual(r.status, .failure, c.kind)
            XCTAssertEqual(r.err, "savvy: error: '\(c.path)' is \(c.kind), not a regular file; savvy reads recordings only from regular files\n")
        }
    }

    /// `rescore` of a session whose stored recording became a link to `/dev/zero` fails at
    /// once instead of hashing forever; a changed recording is still named as changed.
    func testIssue10_item7_rescoreRefusesARecordingReplacedByADevice() throws {
        let id = try storeSession()
        let store = try SessionStore(location: DataLocation(directory: home.url))
        let recording = store.recordingURL(of: try XCTUnwrap(try store.session(id: id))).path
        XCTAssertEqual(unlink(recording), 0)
        XCTAssertEqual(symlink("/dev/zero", recording), 0)
        let r = run(["rescore", "\(id)", "--coach", "heuristic"])
        XCTAssertEqual(r.status, .failure)
        XCTAssertEqual(r.err, "savvy: error: '\(recording)' is a device, not a regular file; savvy reads recordings only from regular files\n")
    }

    // MARK: Item 18 — already stored

    /// Scoring a recording that is already stored (same SHA-256) says so.
    func testIssue10_item18_alreadyStoredRecordingIsNoted() throws {
        let args = ["score", PackagePaths.fixture("fillers.wav"), "--asr", "pocketsphinx", "--coach", "heuristic", "--json"]
        let first = try BinaryRun.savvy(args, environment: ["SAVVY_HOME": home.path])
        XCTAssertEqual(first.exitCode, 0, first.stderr)
        XCTAssertEqual(first.stderr, "")
        let second = try BinaryRun.savvy(args, environment: ["SAVVY_HOME": home.path])
        XCTAssertEqual(second.exitCode, 0, second.stderr)
        XCTAssertEqual(second.stderr, "note: fillers.wav is already stored as session 1 (same SHA-256); saved again as session 2 "
                       + "— 'savvy rescore 1' judges the stored one again\n")
    }

    // MARK: Item 11 — one scoring per report

    /// After `rescore --retranscribe`, `show` prints the new transcript and delivery with the new
    /// content, `show --scoring 1` the first scoring whole, and `history` the new numbers.
    func testIssue10_item11_reportAndHistoryComeFromOneScoring() throws {
        try requireWhisper()
        let env = ["SAVVY_HOME": home.path]
        let scored = try BinaryRun.savvy(["score", PackagePaths.fixture("fillers.wav"), "--asr", "pocketsphinx",
                                          "--coach", "heuristic", "--json"], environment: env)
        XCTAssertEqual(scored.exitCode, 0, scored.stderr)
        let rescored = try BinaryRun.savvy(["rescore", "1", "--retranscribe", "--asr", "whisper", "--coach", "heuristic",
                                            "--json"], environment: env)
        XCTAssertEqual(rescored.exitCode, 0, rescored.stderr)
        func parts(_ text: String) throws -> (transcript: String, metrics: String, rubric: String) {
            let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            func json(_ key: String) throws -> String {
                String(decoding: try JSONSerialization.data(withJSONObject: try XCTUnwrap(doc[key]), options: [.sortedKeys]), as: UTF8.self)
            }
            return (try json("transcript"), try json("metrics"), try json("rubric"))
        }
        let first = try parts(scored.stdout), second = try parts(rescored.stdout)
        XCTAssertNotEqual(first.transcript, second.transcript, "whisper and pocketsphinx heard the same words")

        let latest = try BinaryRun.savvy(["show", "1", "--json"], environment: env)
        XCTAssertEqual(try parts(latest.stdout).transcript, second.transcript)
        XCTAssertEqual(try parts(latest.stdout).metrics, second.metrics)
        XCTAssertEqual(try parts(latest.stdout).rubric, second.rubric)
        let earlier = try BinaryRun.savvy(["show", "1", "--scoring", "1", "--json"], environment: env)
        XCTAssertEqual(try parts(earlier.stdout).transcript, first.transcript)
        XCTAssertEqual(try parts(earlier.stdout).metrics, first.metrics)
        XCTAssertEqual(try parts(earlier.stdout).rubric, first.rubric)
        let human = try BinaryRun.savvy(["show", "1", "--scoring", "1"], environment: env)
        XCTAssertTrue(human.stdout.contains("scoring 1 of 2 ('savvy show 1' for the latest)"), human.stdout)
        let bad = try BinaryRun.savvy(["show", "1", "--scoring", "3"], environment: env)
        XCTAssertEqual(bad.exitCode, 64)
        XCTAssertTrue(bad.stderr.hasPrefix("savvy: error: session 1 has 2 scoring(s); '--scoring' takes 1 to 2, got 3\n"), bad.stderr)

        let history = try BinaryRun.savvy(["history", "--json"], environment: env)
        let row = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])?.first)
        let metrics = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(second.metrics.utf8)) as? [String: Any])
        let wpm = try XCTUnwrap((metrics["pace"] as? [String: Any])?["wpm"] as? Double)
        XCTAssertEqual(try XCTUnwrap(row["wpm"] as? Double), wpm, accuracy: 0.001)
    }

    /// `rescore --drill/--prompt` makes the session's drill and prompt the new scoring's: history,
    /// `history --drill` and `show` agree with the latest scoring; `show --scoring 1` keeps the first.
    func testIssue10_item4_rescoreDrillUpdatesTheSession() throws {
        let scored = run(["score", PackagePaths.fixture("fillers.wav"), "--drill", "star", "--asr", "pocketsphinx",
                          "--coach", "heuristic", "--json"])
        XCTAssertEqual(scored.status, .success, scored.err)
        let rescored = run(["rescore", "1", "--drill", "pitch", "--prompt", "Pitch your team.", "--coach", "heuristic", "--json"])
        XCTAssertEqual(rescored.status, .success, rescored.err)
        func rubric(_ text: String) throws -> [String: Any] {
            let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return try XCTUnwrap(doc["rubric"] as? [String: Any])
        }
        let history = run(["history", "--json"])
        let row = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(history.out.utf8)) as? [[String: Any]])?.first)
        XCTAssertEqual(row["drill"] as? String, "pitch")
        XCTAssertTrue(run(["history", "--drill", "star"]).out.hasPrefix("No sessions match"))
        let latest = try rubric(run(["show", "1", "--json"]).out)
        XCTAssertEqual(latest["drillID"] as? String, "pitch")
        XCTAssertEqual(latest["prompt"] as? String, "Pitch your team.")
        let first = try rubric(run(["show", "1", "--scoring", "1", "--json"]).out)
        XCTAssertEqual(first["drillID"] as? String, "star")
        let store = try XCTUnwrap(try SessionStore.existing(location: DataLocation(directory: home.url)))
        let session = try XCTUnwrap(try store.session(id: 1))
        XCTAssertEqual(session.drill, "pitch")
        XCTAssertEqual(session.prompt, "Pitch your team.")
    }

    // MARK: Item 16 — the report speaks to a person

    /// The footer names who judged what in plain words, with no internal identifiers.
    func testIssue10_item16_reportFooterHasNoInternalNames() throws {
        let run = try BinaryRun.savvy(["score", PackagePaths.fixture("fillers.wav"), "--asr", "pocketsphinx", "--coach", "heuristic",
                                       "--no-save"], environment: ["SAVVY_HOME": home.path])
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("judged by delivery numbers: measured, no model · structure: local rubric · coaching: local rubric"),
                      run.stdout)
        for name in ["deliveryMetrics", "structureExtraction", "semanticCoaching", "deterministic", "heuristic", "llm-local"] {
            XCTAssertFalse(run.stdout.contains(name), name)
        }
    }
}
