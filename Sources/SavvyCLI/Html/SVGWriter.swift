/// Writes one inline SVG image as text: shapes, series, labels and axes, with classes for
/// colour so the page's stylesheet (light, dark, print) decides how it looks.
///
/// Coordinates are written with one decimal and no trailing `.0`, which keeps a two-minute
/// timeline small and the output byte-identical for the same input. Every piece of text goes
/// through ``HTMLText/escape(_:)``.
struct SVGWriter {
    /// A point in drawing coordinates.
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    enum Anchor: String {
        case start, middle, end
    }

    let width: Double
    let height: Double
    private var body = ""

    /// - Parameters:
    ///   - width, height: the view box, in drawing units; the page scales the image to its width.
    ///   - label: what the image shows, for screen readers (`role="img"` + `aria-label`).
    ///   - cssClass: class of the `<svg>` element.
    init(width: Double, height: Double, label: String, cssClass: String) {
        self.width = width
        self.height = height
        self.label = label
        self.cssClass = cssClass
    }

    private let label: String
    private let cssClass: String

    /// The finished `<svg>` element.
    func render() -> String {
        "<svg class=\"\(HTMLText.escape(cssClass))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\""
            + " role=\"img\" aria-label=\"\(HTMLText.escape(label))\" xmlns=\"http://www.w3.org/2000/svg\">"
            + body + "</svg>"
    }

    // MARK: shapes

    /// A rectangle; a negative width or height is drawn from the other corner, and one that
    /// rounds to nothing is still written (a zero-width pause is evidence, not an error).
    mutating func rect(x: Double, y: Double, width: Double, height: Double, cssClass: String,
                       tooltip: String? = nil, attributes: [(String, String)] = []) {
        guard [x, y, width, height].allSatisfy(\.isFinite) else { return }
        let left = min(x, x + width), top = min(y, y + height)
        element("rect", [("x", Self.number(left)), ("y", Self.number(top)),
                         ("width", Self.number(abs(width))), ("height", Self.number(abs(height))),
                         ("class", cssClass)] + attributes, tooltip: tooltip)
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, cssClass: String, tooltip: String? = nil,
                       attributes: [(String, String)] = []) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else { return }
        element("line", [("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
                         ("y2", Self.number(y2)), ("class", cssClass)] + attributes, tooltip: tooltip)
    }

    mutating func circle(x: Double, y: Double, radius: Double, cssClass: String, tooltip: String? = nil) {
        guard [x, y, radius].allSatisfy(\.isFinite) else { return }
        element("circle", [("cx", Self.number(x)), ("cy", Self.number(y)), ("r", Self.number(radius)),
                           ("class", cssClass)], tooltip: tooltip)
    }

    /// A line through each run of points; runs are drawn separately so a gap in the data (an
    /// unvoiced stretch) stays a gap. A run of one point is drawn as a dot (a zero-length
    /// segment with the stylesheet's round caps). Nothing is written when no point is finite.
    mutating func series(_ runs: [[Point]], cssClass: String) {
        var d = ""
        for run in runs {
            let points = run.filter { $0.x.isFinite && $0.y.isFinite }
            guard let first = points.first else { continue }
            d += "M" + Self.pair(first)
            if points.count == 1 {
                d += "h0"
            } else {
                d += "L" + points.dropFirst().map(Self.pair).joined(separator: " ")
            }
        }
        guard !d.isEmpty else { return }
        element("path", [("d", d), ("class", cssClass)], tooltip: nil)
    }

    /// A filled band between an upper and a lower edge sampled at the same x positions (a
    /// loudness envelope). Fewer than two points draw nothing.
    mutating func band(upper: [Point], lower: [Point], cssClass: String) {
        let top = upper.filter { $0.x.isFinite && $0.y.isFinite }
        let bottom = lower.filter { $0.x.isFinite && $0.y.isFinite }
        guard top.count >= 2, bottom.count >= 2 else { return }
        let d = "M" + top.map(Self.pair).joined(separator: " L") + " L"
            + bottom.reversed().map(Self.pair).joined(separator: " L") + "Z"
        element("path", [("d", d), ("class", cssClass)], tooltip: nil)
    }

    mutating func text(_ string: String, x: Double, y: Double, cssClass: String, anchor: Anchor = .start) {
        guard x.isFinite, y.isFinite else { return }
        var attributes = [("x", Self.number(x)), ("y", Self.number(y)), ("class", cssClass)]
        if anchor != .start { attributes.append(("text-anchor", anchor.rawValue)) }
        body += "<text" + Self.attributes(attributes) + ">" + HTMLText.escape(string) + "</text>"
    }

    /// Everything `content` draws inside `<g>` (or `<a href>` when `link` is given).
    mutating func group(cssClass: String, link: String? = nil, id: String? = nil,
                        _ content: (inout SVGWriter) -> Void) {
        var attributes = [("class", cssClass)]
        if let id { attributes.append(("id", id)) }
        let tag = link == nil ? "g" : "a"
        if let link { attributes.append(("href", link)) }
        body += "<\(tag)" + Self.attributes(attributes) + ">"
        content(&self)
        body += "</\(tag)>"
    }

    // MARK: axes

    /// A horizontal axis at `y`: a base line over the scale's range, a tick and a label per value.
    mutating func xAxis(_ scale: LinearScale, y: Double, ticks: [Double], label: (Double) -> String) {
        group(cssClass: "axis x") { svg in
            svg.line(x1: scale.from, y1: y, x2: scale.to, y2: y, cssClass: "axis-line")
            for tick in ticks {
                let x = scale(tick)
                svg.line(x1: x, y1: y, x2: x, y2: y + 4, cssClass: "tick")
                svg.text(label(tick), x: x, y: y + 15, cssClass: "tick-label", anchor: .middle)
            }
        }
    }

    /// A vertical axis at `x` with labels to its left and light grid lines across to `gridTo`.
    mutating func yAxis(_ scale: LinearScale, x: Double, gridTo: Double, ticks: [Double], label: (Double) -> String) {
        group(cssClass: "axis y") { svg in
            svg.line(x1: x, y1: scale.from, x2: x, y2: scale.to, cssClass: "axis-line")
            for tick in ticks {
                let y = scale(tick)
                svg.line(x1: x, y1: y, x2: gridTo, y2: y, cssClass: "grid")
                svg.text(label(tick), x: x - 4, y: y + 3.5, cssClass: "tick-label", anchor: .end)
            }
        }
    }

    // MARK: text output

    private mutating func element(_ name: String, _ attributes: [(String, String)], tooltip: String?) {
        body += "<" + name + Self.attributes(attributes)
        if let tooltip {
            body += "><title>" + HTMLText.escape(tooltip) + "</title></" + name + ">"
        } else {
            body += "/>"
        }
    }

    private static func attributes(_ list: [(String, String)]) -> String {
        list.map { " \($0.0)=\"\(HTMLText.escape($0.1))\"" }.joined()
    }

    private static func pair(_ p: Point) -> String { number(p.x) + "," + number(p.y) }

    /// One decimal, no trailing `.0`, no `-0`.
    static func number(_ value: Double) -> String {
        let text = Format.fixed(value, 1)
        let trimmed = text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        return trimmed == "-0" ? "0" : trimmed
    }
}
