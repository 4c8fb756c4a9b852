import Foundation
import SavvyAudio
import SavvyCoach
import SavvyDSP
import SavvyFileSystem

/// The terminal report of the delivery numbers, each with its band beside it.
struct DeliveryReport {
    let source: AudioFileInfo
    let analysis: DeliveryAnalysis
    let palette: Palette

    func render() -> String {
        var out = ""
        let name = RawPath.displayed((source.path as NSString).lastPathComponent)
        out += palette.bold(name) + palette.dim("  \(Format.duration(analysis.durationSeconds)) · \(source.formatName), "
            + "\(source.sampleRate) Hz, \(source.channels == 1 ? "mono" : "\(source.channels) channels")") + "\n\n"
        out += palette.bold("Delivery") + "\n"
        out += lines(palette: palette).map { "  " + $0 }.joined(separator: "\n") + "\n"
        out += "\n" + RecordingQualityLines(quality: analysis.quality, palette: palette).render()
        return out
    }

    func lines(palette: Palette) -> [String] {
        var rows: [ReportRow] = []
        if let pitch = analysis.pitch {
            rows.append(ReportRow(label: "Pitch variety", value: Format.fixed(pitch.sdSemitones, 1) + " st",
                                  band: Bands.pitchVariety.classify(pitch.sdSemitones),
                                  detail: "median \(Format.fixed(pitch.medianHz, 0)) Hz · range \(Format.fixed(pitch.rangeSemitones, 1)) st"))
            let mono = pitch.monotoneSpans
            rows.append(ReportRow(label: "Monotone spans",
                                  value: mono.isEmpty ? "none" : "\(mono.count)",
                                  band: mono.isEmpty ? nil : .amber,
                                  detail: mono.map { "\(Format.clock($0.start))–\(Format.clock($0.end))" }.joined(separator: ", ")))
        } else {
            rows.append(ReportRow(label: "Pitch variety", value: "—", band: nil, detail: "no voiced speech found"))
        }
        if let loud = analysis.loudness {
            rows.append(ReportRow(label: "Loudness range",
                                  value: loud.rangeDB.map { Format.fixed($0, 1) + " dB" } ?? "—", band: nil,
                                  detail: "mean \(Format.fixed(loud.meanDB, 1)) dBFS · peak \(Format.fixed(loud.peakDB, 1)) dBFS"))
        }
        if let voice = analysis.voice {
            var detail = "voiced frames " + (voice.cppsVoicedDB.map { Format.fixed($0, 1) + " dB" } ?? "—")
            detail += " · a trend to watch, not a diagnosis"
            rows.append(ReportRow(label: "Voice (CPPS)", value: Format.fixed(voice.cppsDB, 1) + " dB", band: nil, detail: detail))
        }
        let act = analysis.activity
        rows.append(ReportRow(label: "Speech activity", value: Format.fixed(act.speechRatio * 100, 0) + " %", band: nil,
                              detail: "\(Format.duration(act.speechSeconds)) of speech"))
        rows.append(ReportRow(label: "Pauses", value: "\(act.pauses.count)",
                              band: act.stalls > 0 ? .red : (act.longPauses > 2 ? .amber : nil),
                              detail: "\(act.normalPauses) normal · \(act.longPauses) long (1–3 s) · \(act.stalls) stalls (> 3 s)"))
        return ReportRow.align(rows, palette: palette)
    }
}

/// The recording-quality block: noise floor, SNR, clipping and warnings.
struct RecordingQualityLines {
    let quality: RecordingQuality
    let palette: Palette

    func render() -> String {
        var out = palette.bold("Recording") + "\n"
        var parts = ["noise floor \(Format.fixed(quality.noiseFloorDB, 0)) dBFS"]
        if let snr = quality.snrDB { parts.append("SNR \(Format.fixed(snr, 0)) dB") }
        parts.append("clipping \(Format.fixed(quality.clippingRatio * 100, 2)) %")
        out += "  " + parts.joined(separator: " · ") + "\n"
        for warning in quality.warnings {
            out += "  " + palette.yellow("! " + warning.advice) + "\n"
        }
        return out
    }
}
