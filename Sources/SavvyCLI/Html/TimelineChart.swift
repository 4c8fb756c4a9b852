import Foundation
import SavvyCoach
import SavvyDSP

/// The whole answer on one time axis: structure sections, loudness envelope, pitch contour,
/// rolling pace, pauses and fillers, each in its own lane.
struct TimelineChart {
    let input: SessionReportInput
    /// Section id → colour slot (0–6), in the drill's order, shared with the transcript.
    let sectionSlots: [String: Int]
    /// Section id → the transcript anchor of its first sentence.
    let sectionAnchors: [String: String]
    /// The transcript's sentences: each gets a tick in the sections lane that links to it (and
    /// that its time in the transcript links back to).
    let sentences: [ReportSentence]

    static let width = 1000.0
    static let left = 112.0
    static let right = 12.0
    /// Pitch is drawn within this many semitones of the speaker's median; speech rarely leaves
    /// ±12 st, and octave errors that survive tracking would otherwise flatten the rest.
    static let pitchReach = 12.0
    /// Pace lane limits, wpm: wide enough for the amber bands on both sides of green.
    static let paceFloor = 60.0
    static let paceCeiling = 220.0

    private struct Lane {
        let name: String
        let top: Double
        let height: Double
        var bottom: Double { top + height }
        var middle: Double { top + height / 2 }
    }

    func render() -> String {
        let metrics = input.answer.metrics
        let duration = max(metrics.durationSeconds, input.session.duration, 0.1)
        let x = LinearScale(domain: 0...duration, from: Self.left, to: Self.width - Self.right)
        var lanes: [Lane] = []
        var cursor = 8.0
        for (name, height) in [("Sections", 28.0), ("Loudness", 64.0), ("Pitch (st)", 92.0), ("Pace (wpm)", 80.0),
                               ("Pauses · fillers", 36.0)] {
            lanes.append(Lane(name: name, top: cursor, height: height))
            cursor += height + 12
        }
        let axisY = cursor - 4
        var svg = SVGWriter(width: Self.width, height: axisY + 24,
                            label: "Timeline of the answer: sections, loudness, pitch, pace, pauses and fillers",
                            cssClass: "timeline")
        for lane in lanes {
            svg.rect(x: x.from, y: lane.top, width: x.to - x.from, height: lane.height, cssClass: "lane")
            svg.text(lane.name, x: 4, y: lane.middle + 4, cssClass: "lane-label")
        }
        drawSections(&svg, x: x, lane: lanes[0])
        drawSentenceTicks(&svg, x: x, lane: lanes[0])
        if let tracks = input.tracks {
            drawLoudness(&svg, x: x, lane: lanes[1], tracks: tracks)
            drawPitch(&svg, x: x, lane: lanes[2], tracks: tracks)
        } else {
            let note = input.tracksNote ?? "recording not available"
            svg.text(note, x: x.from + 8, y: lanes[1].middle + 4, cssClass: "note")
            svg.text(note, x: x.from + 8, y: lanes[2].middle + 4, cssClass: "note")
        }
        drawPace(&svg, x: x, lane: lanes[3], pace: metrics.pace)
        drawEvents(&svg, x: x, lane: lanes[4], metrics: metrics)
        svg.xAxis(x, y: axisY, ticks: x.ticks(count: 12), label: Self.clock)
        return svg.render()
    }

    /// Coloured spans from each found section's first word to its last (or to the next
    /// section), named when there is room, linking to the section in the transcript.
    private func drawSections(_ svg: inout SVGWriter, x: LinearScale, lane: Lane) {
        let found = input.answer.rubric.structureMap.compactMap { span in span.start.map { (span: span, start: $0) } }
            .sorted { $0.start < $1.start }
        guard !found.isEmpty else {
            svg.text("no drill sections found", x: x.from + 8, y: lane.middle + 4, cssClass: "note")
            return
        }
        for (i, (span, start)) in found.enumerated() {
            let next = i + 1 < found.count ? found[i + 1].start : x.domain.upperBound
            let end = min(max(span.end ?? next, start), next)
            let slot = sectionSlots[span.sectionID] ?? 0
            let link = sectionAnchors[span.sectionID].map { "#" + $0 }
            svg.group(cssClass: "section-span", link: link) { g in
                g.rect(x: x(start), y: lane.top + 2, width: max(x(end) - x(start), 2), height: lane.height - 4,
                       cssClass: "sec sec-\(slot)",
                       tooltip: "\(span.name) \(Self.clock(start))–\(Self.clock(end))")
                // About 6.5 units per character at the label size: only names that fit are written.
                if x(end) - x(start) >= Double(span.name.count) * 6.5 + 8 {
                    g.text(span.name, x: x(start) + 4, y: lane.middle + 4, cssClass: "sec-label")
                }
            }
        }
    }

    /// A short tick at each sentence's start along the bottom of the sections lane, linking to
    /// the sentence; its id is what the sentence's time in the transcript links to.
    private func drawSentenceTicks(_ svg: inout SVGWriter, x: LinearScale, lane: Lane) {
        for (i, sentence) in sentences.enumerated() {
            svg.group(cssClass: "sentence-link", link: "#s\(i + 1)", id: "t-s\(i + 1)") { g in
                g.line(x1: x(sentence.start), y1: lane.bottom - 7, x2: x(sentence.start), y2: lane.bottom + 1,
                       cssClass: "sentence-tick", tooltip: "sentence \(i + 1) at \(Self.clock(sentence.start))")
            }
        }
    }

    /// The per-column loudest frame as linear amplitude relative to the loudest frame of the
    /// recording, drawn symmetrically like a waveform's envelope: quiet stretches look quiet,
    /// as they would in an audio editor.
    private func drawLoudness(_ svg: inout SVGWriter, x: LinearScale, lane: Lane, tracks: FrameTracks) {
        guard let peak = tracks.rmsDB.max() else { return }
        var upper: [SVGWriter.Point] = [], lower: [SVGWriter.Point] = []
        for column in Self.columns(tracks.count, x: x) {
            let loudest = tracks.rmsDB[column].max()!
            let amplitude = min(pow(10, (loudest - peak) / 20), 1) * (lane.height / 2 - 2)
            let px = x(tracks.time(ofFrame: column.lowerBound))
            upper.append(.init(x: px, y: lane.middle - amplitude))
            lower.append(.init(x: px, y: lane.middle + amplitude))
        }
        svg.band(upper: upper, lower: lower, cssClass: "envelope")
    }

    /// Voiced frames in semitones re the stored median, averaged per column; unvoiced columns
    /// break the line. Monotone spans are shaded behind it.
    private func drawPitch(_ svg: inout SVGWriter, x: LinearScale, lane: Lane, tracks: FrameTracks) {
        guard let pitch = input.answer.metrics.pitch, pitch.medianHz > 0 else {
            svg.text("too few voiced frames for a pitch contour", x: x.from + 8, y: lane.middle + 4, cssClass: "note")
            return
        }
        let y = LinearScale(domain: -Self.pitchReach...Self.pitchReach, from: lane.bottom - 3, to: lane.top + 3)
        for span in pitch.monotoneSpans {
            svg.rect(x: x(span.start), y: lane.top, width: x(span.end) - x(span.start), height: lane.height,
                     cssClass: "monotone",
                     tooltip: "monotone \(Self.clock(span.start))–\(Self.clock(span.end)): pitch SD under 2 st over 10 s windows")
        }
        svg.yAxis(y, x: x.from, gridTo: x.to, ticks: [-12, -6, 0, 6, 12], label: { SVGWriter.number($0) })
        var runs: [[SVGWriter.Point]] = [], run: [SVGWriter.Point] = []
        for column in Self.columns(tracks.count, x: x, unitsPerColumn: 2) {
            var sum = 0.0, n = 0
            for i in column {
                if let f = tracks.f0[i] {
                    sum += 12 * log2(f / pitch.medianHz)
                    n += 1
                }
            }
            if n == 0 {
                if !run.isEmpty { runs.append(run) }
                run = []
                continue
            }
            let t = tracks.time(ofFrame: column.lowerBound + column.count / 2)
            run.append(.init(x: x(t), y: y.clamped(sum / Double(n))))
        }
        if !run.isEmpty { runs.append(run) }
        svg.series(runs, cssClass: "pitch")
        svg.text("0 = \(Format.fixed(pitch.medianHz, 0)) Hz", x: 4, y: lane.middle + 18, cssClass: "note")
    }

    /// The rolling 15 s pace over the green band, with the stretches outside it underlined.
    private func drawPace(_ svg: inout SVGWriter, x: LinearScale, lane: Lane, pace: SpeechMetrics.Pace) {
        let y = LinearScale(domain: Self.paceFloor...Self.paceCeiling, from: lane.bottom - 3, to: lane.top + 3)
        if case let .target(green, _) = Bands.pace.rule {
            svg.rect(x: x.from, y: y(green.upperBound), width: x.to - x.from, height: y(green.lowerBound) - y(green.upperBound),
                     cssClass: "pace-band",
                     tooltip: "\(Format.fixed(green.lowerBound, 0))–\(Format.fixed(green.upperBound, 0)) wpm: the green band")
        }
        svg.yAxis(y, x: x.from, gridTo: x.to, ticks: [100, 150, 200], label: { SVGWriter.number($0) })
        guard !pace.rolling.isEmpty else {
            svg.text("too few words for a pace curve", x: x.from + 8, y: lane.middle + 4, cssClass: "note")
            return
        }
        for span in pace.outOfBand {
            svg.rect(x: x(span.start), y: lane.bottom - 3, width: max(x(span.end) - x(span.start), 2), height: 3,
                     cssClass: "pace-\(span.direction.rawValue)",
                     tooltip: "\(span.direction.rawValue) \(Self.clock(span.start))–\(Self.clock(span.end))")
        }
        svg.series([pace.rolling.map { .init(x: x($0.time), y: y.clamped($0.wpm)) }], cssClass: "pace")
    }

    /// Pauses as blocks coloured by class; fillers as marks above them (one per counted filler).
    private func drawEvents(_ svg: inout SVGWriter, x: LinearScale, lane: Lane, metrics: SpeechMetrics) {
        for pause in metrics.pauses.items {
            svg.rect(x: x(pause.start), y: lane.middle, width: max(x(pause.end) - x(pause.start), 1.5),
                     height: lane.height / 2 - 2, cssClass: "pause pause-\(pause.kind.rawValue)",
                     tooltip: "\(pause.kind.rawValue) pause \(Format.fixed(pause.durationSeconds, 1)) s at \(Self.clock(pause.start))")
        }
        for cluster in metrics.fillers.clusters {
            svg.rect(x: x(cluster.start), y: lane.top + 1, width: max(x(cluster.end) - x(cluster.start), 2), height: 3,
                     cssClass: "cluster", tooltip: "filler cluster \(Self.clock(cluster.start))–\(Self.clock(cluster.end))")
        }
        for hit in metrics.fillers.items {
            let px = x((hit.start + hit.end) / 2)
            let what = hit.source == .acoustic ? "filled pause (heard, no word)" : "filler “\(hit.text)”"
            svg.line(x1: px, y1: lane.top + 5, x2: px, y2: lane.middle - 1,
                     cssClass: "filler-mark filler-\(hit.source.rawValue)",
                     tooltip: "\(what) at \(Self.clock(hit.start))")
        }
    }

    /// Frames grouped so each group spans about `unitsPerColumn` drawing units.
    private static func columns(_ frameCount: Int, x: LinearScale, unitsPerColumn: Double = 1) -> [Range<Int>] {
        let plotWidth = max(x.to - x.from, 1)
        let perColumn = max(1, Int((Double(frameCount) * unitsPerColumn / plotWidth).rounded(.up)))
        return stride(from: 0, to: frameCount, by: perColumn).map { $0..<min($0 + perColumn, frameCount) }
    }

    /// `1:05` on the axis (whole seconds), `1:05.3` in tooltips.
    static func clock(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(format: "%d:%02d", Int(seconds) / 60, Int(seconds) % 60) : Format.clock(seconds)
    }
}
