import Foundation
import SavvyASR
import SavvyDSP

/// Turns the audio analysis and the transcript into `SpeechMetrics`.
///
/// Pure and deterministic. Pauses come from the VAD, not from ASR word gaps; fillers are the
/// lexicon hits of both decodes and the acoustic filled pauses, merged by time so each counts once.
public struct MetricsEngine: Sendable {
    public var fillerDetector: FillerDetector
    public var filledPauseDetector: FilledPauseDetector
    public var fillerFusion: FillerFusion
    public var watchWords: WatchWords
    /// Recorded in the metrics: `builtin-N`, or `user:<file>` when the user extended the lexicon.
    public var lexiconVersion: String

    /// Pace band of DESIGN §5 (Microsoft Speaker Coach): 120–165 wpm is comfortable.
    public static let paceBand = 120.0...165.0
    static let rollingWindow = 15.0
    static let clusterWindow = 10.0
    static let clusterSize = 3

    public init(fillerDetector: FillerDetector = FillerDetector(),
                filledPauseDetector: FilledPauseDetector,
                fillerFusion: FillerFusion = FillerFusion(),
                watchWords: WatchWords = WatchWords(),
                lexiconVersion: String = "builtin-\(FillerLexicon.standardVersion)") {
        self.fillerDetector = fillerDetector
        self.filledPauseDetector = filledPauseDetector
        self.fillerFusion = fillerFusion
        self.watchWords = watchWords
        self.lexiconVersion = lexiconVersion
    }

    /// - Parameters:
    ///   - transcript: the words metrics are judged from (none when the transcript is untrusted).
    ///   - hesitationEvidence: the untrusted transcript itself, when `transcript` was emptied
    ///     because of it. Its hesitation words ("um", "uh") and the spans of its other words still
    ///     place the speaker's hesitations — they are sounds, not content, and a word-less
    ///     filled-pause search would take every held vowel inside a word for one (issue 9) — so
    ///     fillers use it for hesitations and word ownership only: no discourse fillers, no pace.
    public func metrics(delivery: DeliveryAnalysis, transcript: Transcript,
                        hesitationEvidence: Transcript? = nil) -> SpeechMetrics {
        let silences = delivery.activity.pauses.map { (start: $0.start, end: $0.end) }
        let fillers = mergedFillers(delivery: delivery, transcript: hesitationEvidence ?? transcript, silences: silences,
                                    hesitationsOnly: hesitationEvidence != nil)
        let fillerWordIndices = Self.fillerWordIndices(transcript, fillers: fillers)
        // A hesitation word is never a spoken word for pace, counted or not (one dropped for lack
        // of voicing was not speech either).
        let hesitations = Set(fillerDetector.lexicon.entries.filter { $0.rule == .always }.map(\.phrase))
        let words = transcript.words.enumerated()
            .filter { !fillerWordIndices.contains($0.offset) && !hesitations.contains($0.element.text) }.map(\.element)
        let unrecognised = transcript.check?.unrecognised.map { (start: $0.start, end: $0.end) } ?? []
        let pace = Self.pace(words: words, pauses: delivery.activity.pauses, unrecognised: unrecognised)
        let minutes = (pace.speakingSeconds > 0 ? pace.speakingSeconds : delivery.durationSeconds) / 60
        let confidences = words.map(\.confidence)
        return SpeechMetrics(
            metricsVersion: SpeechMetrics.currentVersion,
            deliveryVersion: delivery.metricsVersion,
            lexiconVersion: lexiconVersion,
            durationSeconds: delivery.durationSeconds,
            pace: pace,
            fillers: SpeechMetrics.Fillers(
                count: fillers.count,
                perMinute: minutes > 0 ? Double(fillers.count) / minutes : 0,
                lexiconCount: fillers.filter { $0.source == .lexicon }.count,
                acousticCount: fillers.filter { $0.source == .acoustic }.count,
                items: fillers,
                clusters: Self.clusters(fillers.map(\.start))),
            pauses: Self.pauseStats(delivery.activity),
            longestRunSeconds: Self.longestRun(delivery.activity),
            pitch: delivery.pitch,
            loudness: delivery.loudness,
            voice: delivery.voice,
            speechRatio: delivery.activity.speechRatio,
            quality: delivery.quality,
            pronunciation: confidences.isEmpty ? nil : 100 * Self.mean(confidences),
            watchWords: Self.watchWordHits(watchWords, in: transcript))
    }

    /// Fillers from the transcript's words, the verbatim decode (Whisper with the filler prompt)
    /// and the audio, merged by time (`FillerFusion`).
    func mergedFillers(delivery: DeliveryAnalysis, transcript: Transcript,
                       silences: [(start: Double, end: Double)], hesitationsOnly: Bool = false) -> [FillerHit] {
        let verbatimWords = transcript.verbatimPass ?? []
        let hesitations = Set(fillerDetector.lexicon.entries.filter { $0.rule == .always }.map(\.phrase))
        // A hesitation only the verbatim-prompt decode wrote is dropped when no voice sounds
        // near it (`HesitationEvidence`): the prompt makes Whisper write "Um," over breaths and
        // silences. HesitationMerge put those words into the transcript too, so they are judged
        // wherever they are; the unprompted decode's own hesitations are not second-guessed.
        let evidence = HesitationEvidence()
        let verbatim = fillerDetector.detect(in: verbatimWords, displays: verbatimWords.map(\.display), silences: silences)
            .filter { hesitations.contains($0.text) }
        let unheard = Set(verbatim.filter { !evidence.voiced(start: $0.start, end: $0.end, in: delivery.tracks) }
            .map { [$0.start, $0.end] })
        let lexical = fillerDetector.detect(in: transcript, silences: silences)
            .filter { !hesitationsOnly || hesitations.contains($0.text) }
            .filter { !(hesitations.contains($0.text) && unheard.contains([$0.start, $0.end])) }
        // Words of either decode that are not hesitations own the audio under them, unless
        // timed far longer than their letters could take (stretched over a hesitation); a
        // hesitation written by one decode must not hide an acoustic hit from the other.
        let recognised = (transcript.words + verbatimWords)
            .filter { !hesitations.contains($0.text.lowercased()) }
            .map { (span: TimeSpan(start: $0.start, end: $0.end), letters: $0.text.filter(\.isLetter).count,
                    confidence: $0.confidence) }
            .filter { fillerFusion.plausiblyTimed($0.span, letters: $0.letters) }
            .map { (span: $0.span, confidence: $0.confidence) }
        let acoustic = filledPauseDetector.detect(in: delivery.tracks)
        return fillerFusion.merge(words: lexical, verbatim: verbatim.filter { !unheard.contains([$0.start, $0.end]) },
                                  acoustic: acoustic, recognised: recognised,
                                  hesitations: hesitations)
    }

    /// Indices of transcript words that are (part of) a lexicon filler, so pace excludes them.
    static func fillerWordIndices(_ transcript: Transcript, fillers: [FillerHit]) -> Set<Int> {
        var result = Set<Int>()
        for hit in fillers where hit.source == .lexicon {
            for (i, w) in transcript.words.enumerated() where w.start >= hit.start - 1e-6 && w.end <= hit.end + 1e-6 {
                result.insert(i)
            }
        }
        return result
    }

    /// Pace over the speaking span less the speech no word was recognised in (issue 9: a
    /// stretch the engine could not transcribe is not a stretch spoken at zero words a minute).
    static func pace(words: [TranscriptWord], pauses: [Pause],
                     unrecognised: [(start: Double, end: Double)] = []) -> SpeechMetrics.Pace {
        guard let first = words.first, let last = words.last, words.count >= 2, last.end > first.start else {
            return SpeechMetrics.Pace(wordCount: words.count, speakingSeconds: 0, wpm: nil, articulationRate: nil,
                                      rolling: [], outOfBand: [])
        }
        var span = last.end - first.start
        for stretch in unrecognised {
            span -= max(0, min(stretch.end, last.end) - max(stretch.start, first.start))
        }
        var paused = 0.0
        for p in pauses {
            paused += max(0, min(p.end, last.end) - max(p.start, first.start))
        }
        let articulating = span - paused
        let rolling = rollingPace(words: words, from: first.start, to: last.end)
        return SpeechMetrics.Pace(
            wordCount: words.count, speakingSeconds: span,
            wpm: span > 0 ? Double(words.count) / span * 60 : nil,
            articulationRate: articulating > 0 ? Double(words.count) / articulating * 60 : nil,
            rolling: rolling, outOfBand: outOfBand(rolling))
    }

    /// Words whose midpoint falls in a 15 s window, every second; only full windows are kept,
    /// so an answer shorter than 15 s has no rolling pace.
    static func rollingPace(words: [TranscriptWord], from start: Double, to end: Double) -> [SpeechMetrics.PacePoint] {
        let half = rollingWindow / 2
        guard end - start >= rollingWindow else { return [] }
        let mids = words.map { ($0.start + $0.end) / 2 }
        var points: [SpeechMetrics.PacePoint] = []
        var centre = start + half
        while centre <= end - half + 1e-9 {
            let n = mids.filter { $0 >= centre - half && $0 < centre + half }.count
            points.append(SpeechMetrics.PacePoint(time: centre, wpm: Double(n) / rollingWindow * 60))
            centre += 1
        }
        return points
    }

    static func outOfBand(_ points: [SpeechMetrics.PacePoint]) -> [SpeechMetrics.PaceSpan] {
        var spans: [SpeechMetrics.PaceSpan] = []
        for p in points {
            let direction: SpeechMetrics.PaceSpan.Direction?
            if p.wpm > paceBand.upperBound { direction = .fast } else if p.wpm < paceBand.lowerBound { direction = .slow } else { direction = nil }
            guard let direction else { continue }
            if var last = spans.last, last.direction == direction, p.time - last.end <= 1 + 1e-9 {
                last.end = p.time
                spans[spans.count - 1] = last
            } else {
                spans.append(SpeechMetrics.PaceSpan(start: p.time, end: p.time, direction: direction))
            }
        }
        return spans
    }

    /// Spans covering runs of at least three fillers that start within 10 s of each other.
    static func clusters(_ times: [Double]) -> [TimeSpan] {
        var spans: [TimeSpan] = []
        let sorted = times.sorted()
        var i = 0
        while i + clusterSize - 1 < sorted.count {
            if sorted[i + clusterSize - 1] - sorted[i] <= clusterWindow {
                var j = i + clusterSize - 1
                while j + 1 < sorted.count, sorted[j + 1] - sorted[j - clusterSize + 2] <= clusterWindow { j += 1 }
                spans.append(TimeSpan(start: sorted[i], end: sorted[j]))
                i = j + 1
            } else {
                i += 1
            }
        }
        return spans
    }

    static func pauseStats(_ activity: ActivitySummary) -> SpeechMetrics.Pauses {
        let durations = activity.pauses.map(\.durationSeconds)
        return SpeechMetrics.Pauses(
            count: activity.pauses.count, normal: activity.normalPauses, long: activity.longPauses,
            stalls: activity.stalls, totalSeconds: activity.pauseSeconds,
            meanSeconds: durations.isEmpty ? nil : mean(durations), longestSeconds: durations.max(),
            items: activity.pauses)
    }

    /// Longest speech stretch between pauses: from the first speech to the first pause, between
    /// consecutive pauses, and from the last pause to the end of speech.
    static func longestRun(_ activity: ActivitySummary) -> Double {
        guard let first = activity.segments.first, let last = activity.segments.last else { return 0 }
        var boundaries = [first.start]
        for p in activity.pauses { boundaries += [p.start, p.end] }
        boundaries.append(last.end)
        var longest = 0.0
        for k in stride(from: 0, to: boundaries.count - 1, by: 2) {
            longest = max(longest, boundaries[k + 1] - boundaries[k])
        }
        return longest
    }

    static func watchWordHits(_ list: WatchWords, in transcript: Transcript) -> [WatchWordHit] {
        let tokens = transcript.words.map { WatchWords.normalise($0.text) }
        func find(_ phrase: String) -> [Double] {
            let parts = phrase.split(separator: " ").map(String.init)
            guard !parts.isEmpty, parts.count <= tokens.count else { return [] }
            var times: [Double] = []
            for i in 0...(tokens.count - parts.count) where Array(tokens[i..<i + parts.count]) == parts {
                times.append(transcript.words[i].start)
            }
            return times
        }
        return list.avoid.map { WatchWordHit(word: $0, kind: .avoid, times: find($0)) }
            + list.include.map { WatchWordHit(word: $0, kind: .include, times: find($0)) }
    }

    static func mean(_ values: [Double]) -> Double {
        var sum = 0.0
        for v in values { sum += v }
        return sum / Double(values.count)
    }
}
