import Foundation
import SavvyCoach
import SavvyFileSystem

/// `savvy progress`: one chart per metric over the sessions (band shaded, personal baseline
/// drawn, best session marked) and a table of the sessions linking to their reports.
struct ProgressPage {
    /// Oldest first.
    let rows: [ProgressRow]
    /// What the page covers ("all sessions", "drill star since 2026-11-01").
    let scope: String
    /// Where session `id`'s report is or would be, as a link; `exists` says whether it was written.
    let reportLink: (Int64) -> (href: String, exists: Bool)

    func render() -> String {
        var body = "<header id=\"summary\"><h1>Progress</h1>\n"
        body += "<ul class=\"facts\"><li>sessions <b>\(rows.count)</b></li><li>showing <b>\(HTMLText.escape(scope))</b></li>"
        if let first = rows.first, let last = rows.last {
            body += "<li>from <b>\(SessionReportPage.date(first.history.createdAt))</b></li>"
            body += "<li>to <b>\(SessionReportPage.date(last.history.createdAt))</b></li>"
        }
        body += "</ul>\n</header>\n"
        body += "<section id=\"charts\"><h2>Metrics over sessions</h2>\n"
        if rows.isEmpty {
            body += "<p class=\"note-line\">No sessions match. Score a recording with 'savvy score FILE' or practise with 'savvy practice'.</p>\n"
        } else {
            body += "<p class=\"note-line\">Shaded: the green band. Dashed: your baseline, the mean of the sessions before"
                + " the latest. Orange dot: your best session. Hover a point for its session.</p>\n<div class=\"charts\">\n"
            for metric in ProgressMetric.allCases {
                body += "<div class=\"chart\" data-metric=\"\(metric)\"><h3>\(HTMLText.escape(metric.title))</h3>\n"
                    + chart(metric) + "</div>\n"
            }
            body += "</div>\n"
        }
        body += "</section>\n" + table()
        body += "<footer><p>Made by savvy \(SavvyCLI.version). Write a missing report with 'savvy report ID'.</p></footer>\n"
        return HTMLPage.document(title: "savvy · progress", body: body)
    }

    private func chart(_ metric: ProgressMetric) -> String {
        let points: [(index: Int, row: ProgressRow, value: Double)] = rows.enumerated().compactMap { i, row in
            metric.value(row).map { (i, row, $0) }
        }
        let width = 460.0, height = 170.0, left = 46.0, right = 10.0, top = 8.0, bottom = 146.0
        var svg = SVGWriter(width: width, height: height, label: "\(metric.title) over \(rows.count) sessions",
                            cssClass: "progress-chart")
        let x = LinearScale(domain: 0...Double(max(rows.count - 1, 0)), from: left + 8, to: width - right - 8)
        let values = points.map(\.value)
        var domain = metric.fixedDomain ?? Self.domain(values, green: metric.green)
        if metric.fixedDomain == nil, let low = values.min(), low >= 0, domain.lowerBound < 0 {
            domain = 0...domain.upperBound
        }
        let y = LinearScale(domain: domain, from: bottom, to: top)
        if let green = metric.green {
            let low = max(green.lowerBound, y.domain.lowerBound), high = min(green.upperBound, y.domain.upperBound)
            if high > low {
                svg.rect(x: x.from - 8, y: y(high), width: x.to - x.from + 16, height: y(low) - y(high), cssClass: "band-fill")
            }
        }
        svg.yAxis(y, x: left, gridTo: width - right, ticks: y.ticks(count: 4), label: { SVGWriter.number($0) })
        let ticks = x.ticks(count: 6).filter { $0 >= 0 && $0 < Double(rows.count) && $0 == $0.rounded() }
        svg.xAxis(x, y: bottom + 4, ticks: ticks, label: { "#\(rows[Int($0)].history.id)" })
        guard !points.isEmpty else {
            svg.text("no session has this number yet", x: (left + width) / 2, y: (top + bottom) / 2, cssClass: "note", anchor: .middle)
            return svg.render()
        }
        if points.count >= 2 {
            let earlier = points.dropLast().map(\.value)
            let baseline = earlier.reduce(0, +) / Double(earlier.count)
            svg.line(x1: x.from - 8, y1: y(baseline), x2: x.to + 8, y2: y(baseline), cssClass: "baseline",
                     tooltip: "baseline \(metric.format(baseline)): mean of the \(earlier.count) session(s) before the latest")
        }
        svg.series([points.map { .init(x: x(Double($0.index)), y: y($0.value)) }], cssClass: "series")
        let best = Self.best(points.map(\.value), goal: metric.goal)
        for (k, point) in points.enumerated() {
            let isBest = k == best
            svg.circle(x: x(Double(point.index)), y: y(point.value), radius: isBest ? 5 : 3, cssClass: isBest ? "point best" : "point",
                       tooltip: "session \(point.row.history.id) · \(SessionReportPage.date(point.row.history.createdAt)) · "
                           + metric.format(point.value) + (isBest ? " · best" : ""))
        }
        return svg.render()
    }

    private func table() -> String {
        var out = "<section id=\"sessions\"><h2>Sessions</h2>\n<table><thead><tr><th>date</th><th>session</th><th>drill</th>"
            + "<th class=\"num\">length</th>"
        let metrics = ProgressMetric.allCases
        out += metrics.map { "<th class=\"num\">\(HTMLText.escape(Self.shortTitle($0)))</th>" }.joined()
        out += "<th>report</th></tr></thead><tbody>\n"
        for row in rows.reversed() {
            let h = row.history
            let link = reportLink(h.id)
            out += "<tr><td>\(SessionReportPage.date(h.createdAt))</td><td>\(h.id) · \(HTMLText.escape(RawPath.displayed(h.sourceName)))</td>"
                + "<td>\(HTMLText.escape(h.drill))</td><td class=\"num\">\(Format.duration(h.duration))</td>"
            out += metrics.map { m in "<td class=\"num\">\(m.value(row).map(m.format) ?? "—")</td>" }.joined()
            out += link.exists
                ? "<td><a href=\"\(HTMLText.escape(link.href))\">report</a></td>"
                : "<td class=\"muted\">savvy report \(h.id)</td>"
            out += "</tr>\n"
        }
        return out + "</tbody></table></section>\n"
    }

    static func shortTitle(_ metric: ProgressMetric) -> String {
        switch metric {
        case .wpm: return "WPM"
        case .fillersPerMinute: return "fillers/min"
        case .pitchSD: return "pitch SD"
        case .cpps: return "CPPS"
        case .structure: return "structure"
        case .relevance: return "relevance"
        case .overall: return "overall"
        }
    }

    /// The values' range, stretched to take in the green band's finite edges (so the reader sees
    /// where the band is) and widened by a tenth each way.
    static func domain(_ values: [Double], green: ClosedRange<Double>?) -> ClosedRange<Double> {
        guard var low = values.min(), var high = values.max() else { return 0...1 }
        if let green {
            low = min(low, green.lowerBound)
            high = max(high, green.upperBound < Double.greatestFiniteMagnitude ? green.upperBound : green.lowerBound)
        }
        let pad = max((high - low) * 0.1, 0.5)
        return (low - pad)...(high + pad)
    }

    /// Index of the best value for `goal`; ties go to the latest session.
    static func best(_ values: [Double], goal: HistoryMetric.Goal) -> Int {
        func merit(_ v: Double) -> Double {
            switch goal {
            case .higher: return v
            case .lower: return -v
            case let .within(range):
                return v < range.lowerBound ? v - range.lowerBound : (v > range.upperBound ? range.upperBound - v : 0)
            }
        }
        var bestIndex = 0
        for i in values.indices where merit(values[i]) >= merit(values[bestIndex]) { bestIndex = i }
        return bestIndex
    }
}
