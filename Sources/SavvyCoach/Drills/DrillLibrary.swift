import Foundation
import SavvyFileSystem

/// The built-in drills extended by the user's own file.
///
/// User file format (`$XDG_CONFIG_HOME/savvy/drills.json`, or the path the CLI passes), JSON:
/// ```json
/// { "drills": [
///     { "id": "star", "prompts": ["Tell me about your proudest launch."] },
///     { "id": "standup", "title": "Stand-up update", "summary": "Yesterday, today, blockers.",
///       "target": { "minSeconds": 20, "maxSeconds": 60 },
///       "sections": [ { "id": "yesterday", "name": "Yesterday", "purpose": "What got done.",
///                       "cues": ["yesterday i"], "earliest": 0, "latest": 0.5 } ],
///       "prompts": ["Give today's stand-up."] } ] }
/// ```
/// An entry whose id is a built-in drill may only add `prompts` (appended after the built-in
/// ones) and `exemplars` (section id → more example sentences for the semantic tier, e.g.
/// `"exemplars": {"result": ["We cut the backlog by half."]}`); any other id defines a new drill
/// and needs every field (a section's `exemplars` list is optional). A missing file is fine (no
/// extensions); a present but broken one is a `CoachError` naming the file and the entry.
public struct DrillLibrary: Sendable, Equatable {
    /// Built-in drills first (with any user prompts appended), then user drills in file order.
    public private(set) var drills: [Drill]

    /// The built-in bank only.
    public init() {
        drills = BuiltInDrills.all
    }

    /// The built-in bank extended by the user file at `userFile`, if it exists.
    public init(userFile: URL) throws {
        self.init()
        let path = userFile.path
        let data: Data
        do throws(RawPath.Errno) {
            data = Data(try RawPath.contents(of: path))
        } catch {
            if error.code == ENOENT { return }
            throw CoachError.drillFileUnreadable(path: path, reason: SystemErrorText.describe(errno: error.code))
        }
        try extend(with: data, path: path)
    }

    /// The drill with `id`, or a `CoachError.unknownDrill` listing the ids that exist.
    public func drill(id: String) throws -> Drill {
        if let found = drills.first(where: { $0.id == id }) { return found }
        throw CoachError.unknownDrill(id: id, known: drills.map(\.id))
    }

    private struct UserFile: Decodable {
        var drills: [UserEntry]
    }

    private struct UserEntry: Decodable {
        var id: String
        var title: String?
        var summary: String?
        var sections: [DrillSection]?
        var target: DurationRange?
        var prompts: [String]?
        var exemplars: [String: [String]]?
    }

    private mutating func extend(with data: Data, path: String) throws {
        let file: UserFile
        do {
            file = try JSONDecoder().decode(UserFile.self, from: data)
        } catch let error as DecodingError {
            throw CoachError.drillFileInvalid(path: path, detail: Self.describe(error))
        } catch {
            throw CoachError.drillFileInvalid(path: path, detail: "not JSON")
        }
        for (index, entry) in file.drills.enumerated() {
            let label = "drills[\(index)] ('\(entry.id)')"
            guard Self.isValidID(entry.id) else {
                throw CoachError.drillFileInvalid(
                    path: path, detail: "\(label): id must be lower-case letters, digits or '-'")
            }
            let prompts = (entry.prompts ?? []).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if prompts.contains(where: \.isEmpty) {
                throw CoachError.drillFileInvalid(path: path, detail: "\(label): a prompt is empty")
            }
            if let existing = drills.firstIndex(where: { $0.id == entry.id }) {
                guard entry.title == nil, entry.summary == nil, entry.sections == nil, entry.target == nil else {
                    throw CoachError.drillFileInvalid(
                        path: path, detail: "\(label): an existing drill can only get more 'prompts' and 'exemplars'")
                }
                drills[existing].prompts.append(contentsOf: prompts)
                for (sectionID, sentences) in (entry.exemplars ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard let position = drills[existing].sections.firstIndex(where: { $0.id == sectionID }) else {
                        throw CoachError.drillFileInvalid(
                            path: path, detail: "\(label): 'exemplars' names no section '\(sectionID)' of this drill")
                    }
                    drills[existing].sections[position].exemplars.append(contentsOf: sentences)
                }
                continue
            }
            guard let title = entry.title, let summary = entry.summary, let sections = entry.sections,
                  let target = entry.target
            else {
                throw CoachError.drillFileInvalid(
                    path: path, detail: "\(label): a new drill needs title, summary, sections, target and prompts")
            }
            guard !sections.isEmpty, !prompts.isEmpty else {
                throw CoachError.drillFileInvalid(path: path, detail: "\(label): needs at least one section and one prompt")
            }
            guard target.minSeconds > 0, target.maxSeconds >= target.minSeconds else {
                throw CoachError.drillFileInvalid(
                    path: path, detail: "\(label): target needs 0 < minSeconds <= maxSeconds")
            }
            for section in sections {
                guard section.earliest >= 0, section.latest <= 1, section.earliest <= section.latest else {
                    throw CoachError.drillFileInvalid(
                        path: path, detail: "\(label) section '\(section.id)': needs 0 <= earliest <= latest <= 1")
                }
            }
            drills.append(Drill(
                id: entry.id, title: title, summary: summary, sections: sections, target: target, prompts: prompts))
        }
    }

    private static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// A decoding error as "at drills[1].target: missing key 'maxSeconds'", without file contents.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
            let joined = keys.joined().drop(while: { $0 == "." })
            return joined.isEmpty ? "top level" : String(joined)
        }
        switch error {
        case let .keyNotFound(key, context):
            return "at \(path(context)): missing key '\(key.stringValue)'"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "at \(path(context)): wrong type"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "not JSON" : "at \(path(context)): invalid value"
        @unknown default:
            return "invalid"
        }
    }
}
