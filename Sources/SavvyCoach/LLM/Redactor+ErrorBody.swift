import Foundation

extension Redactor {
    /// "; error 400 invalid_request_error: message" from an OpenAI-style error body, cleaned and
    /// short; "" when the body is not one. llama.cpp sends `error.code` as an integer, OpenAI and
    /// Groq as a string. Each field is cleaned before it is shortened, so a cut can never leave
    /// the first half of a key.
    func errorSuffix(_ body: Data) -> String {
        guard let root = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              let error = root["error"] as? [String: Any]
        else { return "" }
        func field(_ value: String, limit: Int) -> String {
            let cleaned = clean(value)
            return cleaned.count > limit ? String(cleaned.prefix(limit - 1)) + "…" : cleaned
        }
        var parts: [String] = []
        if let code = error["code"] as? String {
            parts.append(field(code, limit: 60))
        } else if let code = error["code"] as? NSNumber {
            parts.append(code.stringValue)
        }
        if let type = error["type"] as? String { parts.append(field(type, limit: 60)) }
        parts.removeAll(where: \.isEmpty)
        var text = parts.isEmpty ? "" : "; error " + parts.joined(separator: " ")
        if let message = error["message"] as? String {
            text += ": " + field(message, limit: 160)
        }
        return text
    }
}
