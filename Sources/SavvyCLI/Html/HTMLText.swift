/// Escaping for text placed in HTML or SVG, so a transcript that says `<script>` is shown as
/// those characters and never parsed as markup.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities; safe in element content and
    /// in quoted attribute values alike.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
