@testable import SavvyCLI
import XCTest

/// The SVG writer and its scale: coordinates, ticks, degenerate series and escaping.
final class SVGWriterTests: XCTestCase {
    func testScaleMapsDomainEndsOntoRangeEndsAndFlips() {
        let x = LinearScale(domain: 0...30, from: 100, to: 400)
        XCTAssertEqual(x(0), 100)
        XCTAssertEqual(x(30), 400)
        XCTAssertEqual(x(15), 250)
        let y = LinearScale(domain: -12...12, from: 90, to: 10)  // SVG y grows downwards
        XCTAssertEqual(y(-12), 90)
        XCTAssertEqual(y(12), 10)
        XCTAssertEqual(y(0), 50)
        XCTAssertEqual(y.clamped(40), 10, "values past the domain stay in the lane")
        XCTAssertEqual(y.clamped(-40), 90)
    }

    func testDegenerateDomainPutsTheOnePointInTheMiddle() {
        for value in [0.0, 7.5, -3] {
            let scale = LinearScale(domain: value...value, from: 0, to: 200)
            XCTAssertEqual(scale(value), 100, "\(value)")
        }
    }

    func testTicksStepOneTwoOrFiveTimesAPowerOfTen() {
        let cases: [(domain: ClosedRange<Double>, count: Int, expected: [Double])] = [
            (0...33, 12, [0, 5, 10, 15, 20, 25, 30]),
            (0...120, 12, Array(stride(from: 0.0, through: 120, by: 10))),
            (1.3...2.1, 4, [1.4, 1.6, 1.8, 2.0]),
            (60...220, 3, [100, 200]),
            (-12...12, 4, [-10, 0, 10]),
            (0...0.05, 5, [0, 0.01, 0.02, 0.03, 0.04, 0.05]),
        ]
        for c in cases {
            XCTAssertEqual(LinearScale(domain: c.domain, from: 0, to: 1).ticks(count: c.count), c.expected, "\(c.domain)")
        }
    }

    func testNumbersHaveOneDecimalAndNoNegativeZero() {
        XCTAssertEqual(SVGWriter.number(3), "3")
        XCTAssertEqual(SVGWriter.number(3.14159), "3.1")
        XCTAssertEqual(SVGWriter.number(-0.01), "0")
        XCTAssertEqual(SVGWriter.number(-2.46), "-2.5")
    }

    func testEmptySeriesWritesNothingAndOnePointIsADot() {
        var svg = SVGWriter(width: 10, height: 10, label: "t", cssClass: "c")
        svg.series([], cssClass: "s")
        svg.series([[]], cssClass: "s")
        svg.series([[.init(x: .nan, y: 1)]], cssClass: "s")
        svg.band(upper: [.init(x: 1, y: 1)], lower: [.init(x: 1, y: 2)], cssClass: "b")
        XCTAssertFalse(svg.render().contains("<path"), svg.render())
        svg.series([[.init(x: 2, y: 3)]], cssClass: "s")
        XCTAssertTrue(svg.render().contains("<path d=\"M2,3h0\" class=\"s\"/>"), svg.render())
    }

    func testSeriesRunsStayApartAcrossGaps() {
        var svg = SVGWriter(width: 10, height: 10, label: "t", cssClass: "c")
        svg.series([[.init(x: 0, y: 1), .init(x: 1, y: 2)], [.init(x: 5, y: 5), .init(x: 6.27, y: 4)]], cssClass: "p")
        XCTAssertTrue(svg.render().contains("d=\"M0,1L1,2M5,5L6.3,4\""), svg.render())
    }

    func testRectWithNegativeSizeIsDrawnFromTheOtherCorner() {
        var svg = SVGWriter(width: 10, height: 10, label: "t", cssClass: "c")
        svg.rect(x: 10, y: 8, width: -4, height: -2, cssClass: "r")
        XCTAssertTrue(svg.render().contains("<rect x=\"6\" y=\"6\" width=\"4\" height=\"2\" class=\"r\"/>"), svg.render())
    }

    func testAxesWriteATickAndALabelPerValue() {
        var svg = SVGWriter(width: 500, height: 100, label: "t", cssClass: "c")
        let x = LinearScale(domain: 0...20, from: 100, to: 500)
        svg.xAxis(x, y: 80, ticks: [0, 10, 20], label: { "t\(Int($0))" })
        let out = svg.render()
        XCTAssertEqual(out.components(separatedBy: "class=\"tick\"").count - 1, 3)
        XCTAssertTrue(out.contains("<text x=\"300\" y=\"95\" class=\"tick-label\" text-anchor=\"middle\">t10</text>"), out)
        var vertical = SVGWriter(width: 500, height: 100, label: "t", cssClass: "c")
        vertical.yAxis(LinearScale(domain: 0...4, from: 90, to: 10), x: 40, gridTo: 500, ticks: [0, 2, 4], label: { "\(Int($0))" })
        XCTAssertTrue(vertical.render().contains("<line x1=\"40\" y1=\"50\" x2=\"500\" y2=\"50\" class=\"grid\"/>"), vertical.render())
    }

    /// Issue 11: transcript text reaches the page as text, never as markup.
    func testIssue11_textAndTooltipsAreEscaped() {
        var svg = SVGWriter(width: 10, height: 10, label: "a \"quoted\" <label>", cssClass: "c")
        svg.text("<script>alert('x')</script> & more", x: 1, y: 2, cssClass: "t")
        svg.rect(x: 0, y: 0, width: 1, height: 1, cssClass: "r", tooltip: "</title><script>")
        let out = svg.render()
        XCTAssertFalse(out.contains("<script"), out)
        XCTAssertTrue(out.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"), out)
        XCTAssertTrue(out.contains("<title>&lt;/title&gt;&lt;script&gt;</title>"), out)
        XCTAssertTrue(out.contains("aria-label=\"a &quot;quoted&quot; &lt;label&gt;\""), out)
    }
}
