import Foundation

/// Compares two JSON documents structurally, numbers within a tolerance.
///
/// Goldens pin the shape and the values of reports; a tolerance keeps them from breaking on a
/// last-digit change in a C library while still catching any real change in a number.
public enum JSONComparison {
    /// The first difference found, as a path and a description, or `nil` when they match.
    public static func difference(_ expected: String, _ actual: String, tolerance: Double = 1e-3) -> String? {
        guard let e = try? JSONSerialization.jsonObject(with: Data(expected.utf8), options: [.fragmentsAllowed]) else {
            return "expected document is not JSON"
        }
        guard let a = try? JSONSerialization.jsonObject(with: Data(actual.utf8), options: [.fragmentsAllowed]) else {
            return "actual document is not JSON"
        }
        return compare(e, a, path: "$", tolerance: tolerance)
    }

    private static func compare(_ e: Any, _ a: Any, path: String, tolerance: Double) -> String? {
        switch (e, a) {
        case let (e as [String: Any], a as [String: Any]):
            if Set(e.keys) != Set(a.keys) {
                return "\(path): keys differ: expected \(e.keys.sorted()), got \(a.keys.sorted())"
            }
            for key in e.keys.sorted() {
                if let d = compare(e[key]!, a[key]!, path: "\(path).\(key)", tolerance: tolerance) { return d }
            }
            return nil
        case let (e as [Any], a as [Any]):
            if e.count != a.count { return "\(path): expected \(e.count) items, got \(a.count)" }
            for i in e.indices {
                if let d = compare(e[i], a[i], path: "\(path)[\(i)]", tolerance: tolerance) { return d }
            }
            return nil
        case let (e as NSNumber, a as NSNumber):
            let isBool = { (n: NSNumber) in String(cString: n.objCType) == "c" || type(of: n) == type(of: NSNumber(value: true)) }
            if isBool(e) != isBool(a) { return "\(path): expected \(e), got \(a)" }
            let x = e.doubleValue, y = a.doubleValue
            return abs(x - y) <= tolerance * max(1, abs(x)) ? nil : "\(path): expected \(x), got \(y)"
        case let (e as String, a as String):
            return e == a ? nil : "\(path): expected \"\(e)\", got \"\(a)\""
        case (is NSNull, is NSNull):
            return nil
        default:
            return "\(path): expected \(e), got \(a)"
        }
    }
}
