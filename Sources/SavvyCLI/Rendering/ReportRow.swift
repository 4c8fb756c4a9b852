import SavvyCoach

/// One labelled number in a report, with its band and a dim detail.
struct ReportRow {
    let label: String
    let value: String
    let band: Band?
    let detail: String
    /// The word shown with the band instead of the band's own ("good", "watch", "work on"):
    /// a criterion's score label.
    var bandWord: String? = nil

    /// Rows with labels and values padded to common widths.
    static func align(_ rows: [ReportRow], palette: Palette) -> [String] {
        let labelWidth = rows.map(\.label.count).max() ?? 0
        let valueWidth = rows.map(\.value.count).max() ?? 0
        return rows.map { row in
            var line = row.label.padding(labelWidth + 2) + row.value.padding(valueWidth + 2)
            if let band = row.band {
                line += band.render(palette: palette, word: row.bandWord) + "  "
            }
            if !row.detail.isEmpty { line += palette.dim(row.detail) }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}

extension String {
    /// Right-pads with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
