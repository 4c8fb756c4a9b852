import Foundation

/// A model's rubric answer after strict validation: exactly the schema's fields, right types,
/// scores integral and clamped to 1–5. Nothing outside these fields is ever read.
struct ModelJudgment: Equatable, Sendable {
    struct Section: Equatable, Sendable {
        var id: String
        var quote: String
    }

    struct Tip: Equatable, Sendable {
        var text: String
        var quote: String
    }

    static let fieldNames = [
        "sections", "structure_score", "structure_reason", "structure_confidence", "relevance_score",
        "relevance_reason", "tips",
    ]

    var sections: [Section]
    var structureScore: Int
    var structureReason: String
    var structureConfidence: String
    var relevanceScore: Int
    var relevanceReason: String
    var tips: [Tip]

    /// Why an answer was rejected; names the field, never quotes the content.
    struct Invalid: Error, Equatable {
        var detail: String
    }

    /// Validates `content` (the assistant message text) against the schema for `sectionIDs`.
    ///
    /// Quotes are checked as strings only, not against the schema's span `enum`: whether a quote
    /// is real transcript text is the `Grounder`'s one decision, which drops that section or tip
    /// and keeps the rest of a well-formed answer.
    static func parse(_ content: Data, sectionIDs: [String]) -> Result<ModelJudgment, Invalid> {
        guard let object = try? JSONSerialization.jsonObject(with: content, options: []) else {
            return .failure(Invalid(detail: "reply is not JSON"))
        }
        guard let root = object as? [String: Any] else {
            return .failure(Invalid(detail: "reply is not a JSON object"))
        }
        let keys = Set(root.keys)
        if let missing = fieldNames.first(where: { !keys.contains($0) }) {
            return .failure(Invalid(detail: "missing field '\(missing)'"))
        }
        if let extra = keys.subtracting(fieldNames).sorted().first {
            return .failure(Invalid(detail: "unexpected field '\(sanitizeName(extra))'"))
        }
        do {
            let structureScore = try score(root["structure_score"], field: "structure_score")
            let relevanceScore = try score(root["relevance_score"], field: "relevance_score")
            let structureReason = try string(root["structure_reason"], field: "structure_reason")
            let relevanceReason = try string(root["relevance_reason"], field: "relevance_reason")
            let confidence = try string(root["structure_confidence"], field: "structure_confidence")
            guard ["low", "medium", "high"].contains(confidence) else {
                throw Invalid(detail: "structure_confidence is not low, medium or high")
            }
            let sections = try objects(root["sections"], field: "sections", keys: ["section", "quote"]).map { item in
                let id = try string(item["section"], field: "sections.section")
                guard sectionIDs.contains(id) else { throw Invalid(detail: "sections.section is not a section of this drill") }
                return Section(id: id, quote: try string(item["quote"], field: "sections.quote"))
            }
            let tips = try objects(root["tips"], field: "tips", keys: ["tip", "quote"]).map { item in
                Tip(text: try string(item["tip"], field: "tips.tip"), quote: try string(item["quote"], field: "tips.quote"))
            }
            return .success(ModelJudgment(
                sections: sections, structureScore: structureScore, structureReason: oneLine(structureReason),
                structureConfidence: confidence, relevanceScore: relevanceScore, relevanceReason: oneLine(relevanceReason),
                tips: tips.filter { !$0.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
                    .map { Tip(text: oneLine($0.text), quote: $0.quote) }))
        } catch let invalid as Invalid {
            return .failure(invalid)
        } catch {
            return .failure(Invalid(detail: "invalid reply"))
        }
    }

    /// The judgment with every model-written string passed through `redactor` (keys, control
    /// characters and escape sequences removed) — what may be shown, stored and cached.
    func cleaned(by redactor: Redactor) -> ModelJudgment {
        var copy = self
        copy.sections = sections.map { Section(id: $0.id, quote: redactor.clean($0.quote)) }
        copy.structureReason = redactor.clean(structureReason)
        copy.relevanceReason = redactor.clean(relevanceReason)
        copy.tips = tips.map { Tip(text: redactor.clean($0.text), quote: redactor.clean($0.quote)) }
            .filter { !$0.text.isEmpty }
        return copy
    }

    /// The judgment in the reply schema, as sorted-key JSON: what the cache stores, so the cache
    /// holds only validated, cleaned fields (never the raw reply) and `parse` reads it back.
    func encoded() -> Data {
        let object: [String: Any] = [
            "sections": sections.map { ["section": $0.id, "quote": $0.quote] },
            "structure_score": structureScore,
            "structure_reason": structureReason,
            "structure_confidence": structureConfidence,
            "relevance_score": relevanceScore,
            "relevance_reason": relevanceReason,
            "tips": tips.map { ["tip": $0.text, "quote": $0.quote] },
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// An integer-valued JSON number (4 or 4.0), clamped to 1–5. Booleans, strings such as
    /// "5/5" and fractions are rejected.
    private static func score(_ value: Any?, field: String) throws -> Int {
        guard let number = value as? NSNumber, !isBoolean(number) else {
            throw Invalid(detail: "\(field) is not a number")
        }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded() else { throw Invalid(detail: "\(field) is not an integer") }
        return Int(min(5, max(1, double)))
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        // Foundation bridges JSON true/false to NSNumber; their objCType is "c" (char).
        String(cString: number.objCType) == "c" && (number == NSNumber(value: true) || number == NSNumber(value: false))
    }

    private static func string(_ value: Any?, field: String) throws -> String {
        guard let text = value as? String else { throw Invalid(detail: "\(field) is not a string") }
        return text
    }

    private static func objects(_ value: Any?, field: String, keys: Set<String>) throws -> [[String: Any]] {
        guard let array = value as? [Any] else { throw Invalid(detail: "\(field) is not an array") }
        return try array.map { element in
            guard let object = element as? [String: Any] else { throw Invalid(detail: "\(field) item is not an object") }
            guard Set(object.keys) == keys else {
                throw Invalid(detail: "\(field) item must have exactly \(keys.sorted().joined(separator: ", "))")
            }
            return object
        }
    }

    /// Reasons and tips are shown on one line and stored: fold whitespace, cap at 300 characters.
    private static func oneLine(_ text: String) -> String {
        let folded = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.count > 300 ? String(folded.prefix(299)) + "…" : folded
    }

    /// A field name from the model, made safe to show (it could be any text).
    private static func sanitizeName(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        return String(String.UnicodeScalarView(kept.prefix(40)))
    }
}
