import Foundation
import SavvyCoach
import SavvySession

/// Renders the single, self-overwriting status line shown on a terminal while recording:
///
///     ● 0:07.4 / 1:30.0  ▕██████████··········▏ -23 dB  CLIP  silence 0.8 s  so the task was…
///
/// Elapsed audio time against the drill's target (yellow once past it), a level meter of the
/// latest block's RMS over −60…0 dBFS (green when above the speech threshold, so a speaker can
/// see the auto-stop hears them), a clip warning, the running silence while the auto-stop is
/// counting, the live delivery (a nudge, the rolling pace coloured by its band, the hesitation
/// count), and the live provisional transcript, dim. The line never exceeds the terminal
/// width, which would wrap it and break the `\r` overwrite; the transcript is cut from the left
/// so the newest words stay visible.
struct RecordingStatusLine {
    typealias Snapshot = RecordingSnapshot

    /// Meter cells; 3 dB each over the 60 dB range.
    static let meterCells = 20
    /// Bottom of the meter in dBFS: quieter blocks show an empty bar.
    static let meterFloorDBFS = -60.0

    let palette: Palette
    /// Terminal width in columns (80 when the terminal does not say).
    let columns: Int

    /// Erase the line and return to its start, before each redraw and before the final line.
    static let clear = "\r\u{1B}[2K"

    /// The line, starting with `clear`, without a trailing newline.
    func render(_ snapshot: Snapshot) -> String {
        // Pieces are measured as plain text; colour codes take no columns.
        var pieces: [(plain: String, styled: String)] = []
        var time = Format.clock(snapshot.elapsedSeconds)
        var overTarget = false
        if let target = snapshot.targetSeconds {
            time += " / " + Format.clock(target)
            overTarget = snapshot.elapsedSeconds > target
        }
        pieces.append(("● " + time, palette.red("●") + " " + (overTarget ? palette.yellow(time) : time)))

        let cells = Self.filledCells(snapshot.levelDBFS)
        let bar = String(repeating: "█", count: cells)
        let rest = String(repeating: "·", count: Self.meterCells - cells)
        let speaking = snapshot.levelDBFS.flatMap { level in snapshot.thresholdDBFS.map { level > $0 } } ?? false
        let level = snapshot.levelDBFS.map { Format.fixed($0.rounded(), 0) + " dB" } ?? "-- dB"
        pieces.append((
            "▕" + bar + rest + "▏ " + level,
            "▕" + (speaking ? palette.green(bar) : bar) + palette.dim(rest) + "▏ " + level
        ))
        if snapshot.clipping {
            pieces.append(("CLIP", palette.red(palette.bold("CLIP"))))
        }
        if let live = snapshot.live {
            if let nudge = live.nudge {
                pieces.append(("▸ " + nudge.text, palette.yellow(palette.bold("▸ " + nudge.text))))
            }
            if let wpm = live.wordsPerMinute {
                let text = Format.fixed(wpm, 0) + " wpm"
                pieces.append((text, Bands.pace.classify(wpm) == .green ? palette.green(text) : palette.yellow(text)))
            }
            if live.fillerCount > 0 {
                let text = "\(live.fillerCount) um"
                pieces.append((text, palette.dim(text)))
            }
        }
        if let silence = snapshot.silenceSeconds, silence > 0 {
            let text = "silence " + Format.fixed(silence, 1) + " s"
            pieces.append((text, palette.dim(text)))
        }

        var width = pieces.map(\.plain.count).reduce(0, +) + 2 * (pieces.count - 1)
        // One spare column: writing into the last one makes some terminals wrap early.
        let available = columns - 1
        var line = pieces.map(\.styled).joined(separator: "  ")
        if let partial = snapshot.partialTranscript?.trimmingCharacters(in: .whitespacesAndNewlines), !partial.isEmpty {
            let room = available - width - 2
            if room >= 8 {
                let shown = partial.count <= room ? partial : "…" + String(partial.suffix(room - 1))
                line += "  " + palette.dim(shown)
                width += 2 + shown.count
            }
        }
        if width > available {
            // Too narrow for everything: keep only the time, which always fits a terminal.
            line = pieces[0].styled
        }
        return Self.clear + line
    }

    /// Cells lit for a level: 0 at or below the meter floor, all at 0 dBFS.
    static func filledCells(_ levelDBFS: Double?) -> Int {
        guard let levelDBFS else { return 0 }
        let fraction = (levelDBFS - meterFloorDBFS) / -meterFloorDBFS
        return min(meterCells, max(0, Int((fraction * Double(meterCells)).rounded())))
    }
}
