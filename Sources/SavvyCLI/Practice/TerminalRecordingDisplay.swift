import Foundation
import SavvySession

/// Draws a practice recording on stderr: the 3-2-1 countdown and the self-overwriting status
/// line on a terminal, and on any stream the one-line instruction when capture starts and the
/// "recorded …" line at the end.
final class TerminalRecordingDisplay: RecordingDisplay {
    private let stderr: any OutputSink
    private let palette: Palette
    private let statusLine: RecordingStatusLine

    init(stderr: any OutputSink, palette: Palette) {
        self.stderr = stderr
        self.palette = palette
        statusLine = RecordingStatusLine(palette: palette, columns: stderr.columns ?? 80)
    }

    var isLive: Bool { stderr.isTerminal }

    func countdown(step: Int) {
        stderr.write(RecordingStatusLine.clear + palette.bold("recording in \(step)…"))
    }

    func clearLive() {
        stderr.write(RecordingStatusLine.clear)
    }

    func started(stops: RecordingStops) {
        stderr.write(palette.dim(Self.hint(stops)) + "\n")
    }

    func status(_ snapshot: RecordingSnapshot) {
        stderr.write(statusLine.render(snapshot))
    }

    func finished(_ result: RecordingResult, last: RecordingSnapshot?) {
        if let last { stderr.write(statusLine.render(last) + "\n") }
        stderr.write("recorded \(Format.duration(result.durationSeconds)) (\(result.stopReason.summary))\n")
    }

    /// The one-line instruction printed when capture starts, naming only the stops in force.
    static func hint(_ stops: RecordingStops) -> String {
        var text = "recording…"
        if stops.enterKey {
            text += " press Enter to stop"
        } else if stops.interrupt {
            text += " press Ctrl-C to stop"
        }
        var automatic: [String] = []
        if let silence = stops.silenceSeconds {
            automatic.append("after \(Format.fixed(silence, 1)) s of silence")
        }
        if let max = stops.maxSeconds {
            automatic.append("at \(Format.duration(max))")
        }
        if !automatic.isEmpty {
            text += " (stops by itself " + automatic.joined(separator: " or ") + ")"
        }
        return text
    }
}
