import Foundation

extension SemanticWeights {
    /// A fingerprint of the structure weights: FNV-1a (64-bit, hex) over a canonical text of the
    /// emission weights, the decoder costs, the drill classifiers and the presence models.
    ///
    /// Weights learned on top of these (`OrderWeights`) record the fingerprint they were trained
    /// against, so a change to the structure weights without a retrain of what sits on them is
    /// caught by a test and ignored at run time instead of quietly giving wrong answers.
    /// Mirrors `fingerprint()` in scripts/train-order.py.
    static let fingerprint: String = {
        var lines = [
            "section " + section.map { String(format: "%.6f", $0) }.joined(separator: " "),
            "none " + none.map { String(format: "%.6f", $0) }.joined(separator: " "),
        ]
        for (name, value) in [("outOfOrder", outOfOrder), ("skipFirst", skipFirst), ("skipMiddle", skipMiddle),
                              ("skipLast", skipLast), ("change", change)] {
            lines.append(name + " " + String(format: "%.6f", value))
        }
        for drill in drillModels.keys.sorted() {
            lines.append("drill " + drill + " " + (drillModels[drill] ?? ""))
        }
        lines.append("presenceWeight " + String(format: "%.6f", presenceWeight))
        for drill in presence.keys.sorted() {
            let rows = (presence[drill] ?? []).map { $0.map { String(format: "%.6f", $0) }.joined(separator: " ") }
            lines.append("presence " + drill + " " + rows.joined(separator: " | "))
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in lines.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }()
}
