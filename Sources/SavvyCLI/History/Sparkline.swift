/// A one-line chart of a series with the eight block characters `▁▂▃▄▅▆▇█`.
enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value, oldest first: the lowest value is `▁`, the highest `█`, the rest
    /// placed linearly between; a missing value is a space so the columns of several sparklines
    /// stay aligned by session. A flat series is drawn at mid height (`▄`).
    static func render(_ values: [Double?]) -> String {
        let present = values.compactMap { $0 }.filter(\.isFinite)
        guard let low = present.min(), let high = present.max() else {
            return String(repeating: " ", count: values.count)
        }
        let span = high - low
        return String(values.map { value -> Character in
            guard let value, value.isFinite else { return " " }
            guard span > 0 else { return blocks[3] }
            let level = Int(((value - low) / span * Double(blocks.count - 1)).rounded())
            return blocks[min(max(level, 0), blocks.count - 1)]
        })
    }
}
