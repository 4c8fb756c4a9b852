import Foundation

/// A linear map from a data interval onto a drawing interval (pixels), with tick positions a
/// reader can take in at a glance (steps of 1, 2 or 5 × 10ⁿ).
struct LinearScale: Equatable {
    let domain: ClosedRange<Double>
    /// Drawing coordinates of `domain.lowerBound` and `domain.upperBound`; `from > to` flips
    /// the axis (SVG's y grows downwards).
    let from: Double
    let to: Double

    /// A degenerate domain (one value, or an empty series) is widened by one unit each way so
    /// a single point lands in the middle instead of dividing by zero.
    init(domain: ClosedRange<Double>, from: Double, to: Double) {
        let width = domain.upperBound - domain.lowerBound
        self.domain = width > 0 && width.isFinite ? domain : (domain.lowerBound - 1)...(domain.lowerBound + 1)
        self.from = from
        self.to = to
    }

    /// Drawing coordinate of `value`; values outside the domain map outside the range.
    func callAsFunction(_ value: Double) -> Double {
        from + (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * (to - from)
    }

    /// `value` limited to the domain, for series that must not leave their lane.
    func clamped(_ value: Double) -> Double {
        self(min(max(value, domain.lowerBound), domain.upperBound))
    }

    /// Tick values inside the domain, about `count` of them, on a 1–2–5 step.
    func ticks(count: Int) -> [Double] {
        let step = Self.niceStep(span: domain.upperBound - domain.lowerBound, count: max(1, count))
        // Whole multiples of the step, divided by a power of ten last, so 7 × 0.2 is 1.4 and not
        // 1.4000000000000001 (labels and coordinates stay exact).
        let decimals = max(0, -Int(log10(step).rounded(.down)))
        let unit = pow(10, Double(decimals))
        let stepUnits = (step * unit).rounded()
        var k = (domain.lowerBound * unit / stepUnits).rounded(.up)
        var result: [Double] = []
        while k * stepUnits / unit <= domain.upperBound + step * 1e-9 {
            result.append(k * stepUnits / unit)
            k += 1
        }
        return result
    }

    /// The smallest 1, 2 or 5 × 10ⁿ step giving at most `count` intervals over `span`.
    static func niceStep(span: Double, count: Int) -> Double {
        let raw = span / Double(count)
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for multiple in [1.0, 2, 5, 10] where multiple * magnitude >= raw {
            return multiple * magnitude
        }
        return 10 * magnitude
    }
}
