import Foundation

/// A one-line progress bar on stderr, shown only on a terminal and only for several items.
final class Progress: @unchecked Sendable {
    private let total: Int
    private let sink: any OutputSink
    private let palette: Palette
    private let enabled: Bool
    private let lock = NSLock()
    private var done = 0

    init(total: Int, sink: any OutputSink, palette: Palette) {
        self.total = total
        self.sink = sink
        self.palette = palette
        enabled = sink.isTerminal && total > 1
        if enabled { draw(current: "") }
    }

    func advance(_ item: String) {
        lock.lock()
        done += 1
        if enabled { draw(current: (item as NSString).lastPathComponent) }
        lock.unlock()
    }

    func finish() {
        if enabled { sink.write("\r\u{1B}[2K") }
    }

    private func draw(current: String) {
        let width = 24
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        sink.write("\r\u{1B}[2K" + palette.cyan(bar) + " \(done)/\(total) " + palette.dim(current))
    }
}
