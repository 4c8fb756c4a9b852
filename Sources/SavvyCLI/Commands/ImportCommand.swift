import Foundation
import SavvySession
import SavvyStore
import SavvyFileSystem

/// `savvy import RESULT.json…`: merge results of `savvy score --json --no-save` — from a cohort
/// run on other machines or workers — into this store, one session per recording.
enum ImportCommand {
    static let command = Command(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "import",
        summary: "Merge results of 'savvy score --json --no-save' into the store (idempotent by recording)",
        positionals: [PositionalSpec("RESULT", help: "JSON files written by 'savvy score --json' (one result or an array)", variadic: true)],
        flags: [
            FlagSpec("audio", value: "DIR", help: "find each recording in DIR by its file name instead of at the path in the result"),
            FlagSpec("json", help: "print what happened to each result as JSON"),
        ],
        discussion: """
        Each recording is checked against the SHA-256 in its result and copied into the store; a
        recording already stored is skipped, so importing twice changes nothing. A bad result is
        reported and the others are still imported (exit 1 at the end).
        """)

    /// One line of the `--json` output.
    private struct Row: Encodable {
        let result: String
        let audio: String
        let session: Int64
        let imported: Bool
    }

    static func run(_ context: CommandContext) throws -> ExitStatus {
        let args = context.arguments
        let audioFolder = args.value("audio")
        if let audioFolder {
            guard RawPath.isDirectory(audioFolder) else {
                throw UsageError("'--audio' must be an existing folder, got '\(audioFolder)'", command: spec.name)
            }
        }
        let store = try SavvyPaths.openStore(context)
        var rows: [Row] = []
        var failures = 0
        var total = 0
        for file in args.positionals {
            let documents: [ScoreJSON]
            do {
                documents = try read(file)
            } catch {
                total += 1
                failures += 1
                context.stderr.write("savvy: error: \(ErrorReporter.message(for: error))\n")
                continue
            }
            for document in documents {
                total += 1
                let audio = audioFolder.map {
                    URL(fileURLWithPath: $0).appendingPathComponent((document.source.path as NSString).lastPathComponent)
                } ?? URL(fileURLWithPath: document.source.path)
                do {
                    guard RawPath.exists(audio.path) else {
                        throw CLIError.importAudioMissing(result: file, audio: audio.path)
                    }
                    let outcome = try ResultImporter.save(document.answer, audio: audio, expectedSHA256: document.source.sha256, store: store)
                    let name = audio.lastPathComponent
                    switch outcome {
                    case .imported(let id):
                        rows.append(Row(result: file, audio: audio.path, session: id, imported: true))
                        if !args.has("json") { context.stdout.write("imported \(name) as session \(id)\n") }
                    case .alreadyStored(let id):
                        rows.append(Row(result: file, audio: audio.path, session: id, imported: false))
                        if !args.has("json") { context.stdout.write("\(name) is already stored as session \(id); skipped\n") }
                    }
                } catch {
                    failures += 1
                    context.stderr.write("savvy: error: \(ErrorReporter.message(for: error))\n")
                }
            }
        }
        if args.has("json") { context.stdout.write(try StableJSON.encode(rows)) }
        if failures > 0 { throw CLIError.importFailed(failed: failures, total: total) }
        return .success
    }

    /// The results in `file`: one `score --json` document or an array of them.
    static func read(_ file: String) throws -> [ScoreJSON] {
        let data: Data
        do {
            data = Data(try RawPath.contents(of: file))
        } catch {
            throw CLIError.malformedResult(path: file, detail: "cannot be read: \(DataLocation.describe(errno: error.code))")
        }
        let decoder = JSONDecoder()
        do {
            // One result is an object, several an array; decoding by the first byte keeps the
            // error about the shape the file actually has.
            let first = data.first { !(UInt8(ascii: " ") == $0 || (9...13).contains($0)) }
            if first == UInt8(ascii: "[") { return try decoder.decode([ScoreJSON].self, from: data) }
            return [try decoder.decode(ScoreJSON.self, from: data)]
        } catch let DecodingError.keyNotFound(key, context) {
            let at = (context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: ".")
            throw CLIError.malformedResult(path: file, detail: "it has no '\(at)'")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let at = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw CLIError.malformedResult(path: file, detail: at.isEmpty ? "it is not a result or an array of results" : "'\(at)' has the wrong type")
        } catch {
            throw CLIError.malformedResult(path: file, detail: "it is not valid JSON")
        }
    }
}
