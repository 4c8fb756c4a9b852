import Foundation

/// Every error SavvyCoach throws: one lower-case line naming the file or value and what to do.
///
/// Messages never contain transcript text, prompt bodies or API keys; a failing LLM call is not an
/// error at all (the router degrades to the next tier and records why in the provenance).
public enum CoachError: Error, Equatable, Sendable {
    /// The user drill file exists but cannot be read.
    case drillFileUnreadable(path: String, reason: String)
    /// The user drill file is not valid drill JSON; `detail` says where.
    case drillFileInvalid(path: String, detail: String)
    /// No drill with this id exists in the built-in bank or the user file.
    case unknownDrill(id: String, known: [String])
    /// The coach config file cannot be read.
    case configFileUnreadable(path: String, reason: String)
    /// A settings file that may be absent (`watch-words.txt`, `fillers.txt`, `voice.conf`)
    /// exists but cannot be read, or is not UTF-8 text.
    case settingsFileUnreadable(path: String, reason: String)
    /// The coach config file may hold keys but other users can read it.
    case configFileInsecure(path: String, mode: String)
    /// A line of the coach config file does not parse.
    case configLineInvalid(path: String, line: Int, detail: String)
    /// A base URL is not an http(s) URL.
    case invalidBaseURL(name: String, value: String)
    /// The local tier was configured with a host that is not a literal loopback address (names
    /// other than `localhost` are refused without a lookup).
    case localEndpointNotLoopback(url: String, host: String)
    /// `--coach llm` was asked for but no LLM tier can run; `why` lists what is missing.
    case llmUnavailable(why: String)
    /// `--coach llm` was asked for and LLM tiers were tried, but none gave an answer that passed
    /// the checks; `why` lists each tier's failure.
    case llmNoAnswer(why: String)
    /// libcurl could not be initialised.
    case curlInitFailed(code: Int32)
    /// The semantic tier cannot judge this answer (drill too large, encoder failure); the
    /// router records it and degrades to the heuristic tier.
    case semanticUnavailable(why: String)
}

extension CoachError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case let .drillFileUnreadable(path, reason):
            return "cannot read drill file '\(path)': \(reason); fix its permissions or remove it"
        case let .drillFileInvalid(path, detail):
            return "drill file '\(path)' is not valid: \(detail); see 'savvy drills --help' for the format"
        case let .unknownDrill(id, known):
            return "unknown drill '\(id)'; choose one of: \(known.joined(separator: ", "))"
        case let .configFileUnreadable(path, reason):
            return "cannot read coach config '\(path)': \(reason); fix its permissions or remove it"
        case let .settingsFileUnreadable(path, reason):
            return "cannot read '\(path)': \(reason); fix it or remove it"
        case let .configFileInsecure(path, mode):
            return "coach config '\(path)' has mode \(mode) and may hold API keys; run 'chmod 600 \(path)'"
        case let .configLineInvalid(path, line, detail):
            return "coach config '\(path)' line \(line): \(detail); use 'key = value' lines"
        case let .invalidBaseURL(name, value):
            return "\(name) '\(value)' is not an http(s) URL; use e.g. http://127.0.0.1:8080/v1"
        case let .localEndpointNotLoopback(url, host):
            return "local LLM endpoint '\(url)' has host '\(host)', which is not a loopback address; "
                + "use a literal 127.x.x.x, [::1] or localhost (names are not looked up), or configure it as a proxy"
        case let .llmUnavailable(why):
            return "no LLM tier can run (\(why)); set a key or local_url, or drop '--coach llm'"
        case let .llmNoAnswer(why):
            return "no LLM tier answered with a usable judgment (\(why)); check the server or key, or drop '--coach llm' to use the on-device coach"
        case let .curlInitFailed(code):
            return "libcurl failed to initialise (code \(code)); reinstall libcurl4"
        case let .semanticUnavailable(why):
            return "the semantic tier cannot judge this answer: \(why); the cue-phrase tier judged it instead"
        }
    }
}
