import SavvyASR
import SavvyAudio
import SavvyDSP

/// The stretches a long recording is recognised in, cut in its pauses, so neither savvy nor the
/// recogniser (the Whisper worker, pocketsphinx) holds the whole recording at once.
///
/// A recording up to ``defaultMaximumSeconds`` is one window, the whole file, recognised exactly as
/// before windows existed. A longer one is cut greedily: each window ends in the middle of the
/// longest pause (gap between VAD speech segments) that falls in the second half of the allowed
/// length, or at the allowed length when there is none. Windows are ≤ the maximum, in order, and
/// cover the recording without overlap. Whisper decodes 30 s at a time anyway, so cutting in a
/// pause every few minutes costs nothing it would not lose at its own 30 s seams, which fall
/// anywhere.
public struct TranscriptionWindows: Sendable, Equatable {
    /// Longest window by default, seconds: 5 minutes of 16 kHz samples are 19 MB in savvy and keep
    /// the Whisper worker's features well under 100 MB.
    public static let defaultMaximumSeconds = 300.0
    /// The environment variable that sets the longest window, seconds (for tests).
    public static let maximumSecondsVariable = "SAVVY_ASR_WINDOW_SECONDS"

    /// The windows, seconds, in order.
    public let spans: [TimeSpan]

    public init(spans: [TimeSpan]) {
        self.spans = spans
    }

    /// The longest window `environment` asks for, seconds.
    public static func maximumSeconds(environment: [String: String]) throws -> Double {
        guard let text = environment[maximumSecondsVariable], !text.isEmpty else { return defaultMaximumSeconds }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 1 else {
            throw SessionError.invalidEnvironment(name: maximumSecondsVariable, value: text,
                                                  rule: "must be a number of seconds, at least 1")
        }
        return seconds
    }

    /// Windows of at most `maximumSeconds` over `duration` seconds, cut in the pauses between
    /// `speech` segments (time order).
    public static func plan(duration: Double, speech: [TimeSpan], maximumSeconds: Double) -> TranscriptionWindows {
        guard duration > maximumSeconds else { return TranscriptionWindows(spans: [TimeSpan(start: 0, end: duration)]) }
        var gaps: [TimeSpan] = []
        for (before, after) in zip(speech, speech.dropFirst()) where after.start > before.end {
            gaps.append(TimeSpan(start: before.end, end: after.start))
        }
        var spans: [TimeSpan] = []
        var start = 0.0
        while duration - start > maximumSeconds {
            let limit = start + maximumSeconds
            var cut = limit
            var longest = 0.0
            for gap in gaps {
                let middle = (gap.start + gap.end) / 2
                guard middle > start + maximumSeconds / 2, middle <= limit else { continue }
                if gap.duration > longest {
                    longest = gap.duration
                    cut = middle
                }
            }
            spans.append(TimeSpan(start: start, end: cut))
            start = cut
        }
        spans.append(TimeSpan(start: start, end: duration))
        return TranscriptionWindows(spans: spans)
    }

    /// At most `seconds` of the windows, spread evenly over the recording: every window when they
    /// fit; otherwise the most windows, picked at even steps through the list (the middle of
    /// each of `k` equal parts), whose lengths add up to no more than `seconds`, and at least one.
    /// For a check whose verdict is a share over the words, such as the language check's
    /// agreement, where hearing a spread sample of a long recording tells as much as hearing it
    /// all, for a fraction of the time.
    public func sample(seconds: Double) -> TranscriptionWindows {
        let total = spans.reduce(0) { $0 + $1.duration }
        guard total > seconds, !spans.isEmpty else { return self }
        var count = min(spans.count, max(1, Int(seconds / (total / Double(spans.count)))))
        while true {
            let picked = (0..<count).map { spans[(2 * $0 + 1) * spans.count / (2 * count)] }
            if count == 1 || picked.reduce(0, { $0 + $1.duration }) <= seconds {
                return TranscriptionWindows(spans: picked)
            }
            count -= 1
        }
    }

    /// Recognises each window of `audio` with `transcriber` and joins the transcripts, word times
    /// moved to the recording's clock (window start at its first sample, as `redecode` does).
    /// One window is the plain whole-file call.
    public func transcribe(_ audio: DecodedAudioFile, with transcriber: any Transcriber) throws -> Transcript {
        var joined: Transcript?
        for span in spans {
            let range = audio.sampleRange(from: span.start, to: span.end)
            guard !range.isEmpty else { continue }
            let part = try transcriber.transcribe(samples: try audio.samples(in: range), sampleRate: audio.sampleRate)
            let offset = Double(range.lowerBound) / Double(audio.sampleRate)
            guard var whole = joined else {
                joined = Self.shifted(part, by: offset)
                continue
            }
            let moved = Self.shifted(part, by: offset)
            whole.words += moved.words
            whole.verbatimPass = whole.verbatimPass.flatMap { earlier in moved.verbatimPass.map { earlier + $0 } }
            if whole.segments != nil || moved.segments != nil {
                whole.segments = (whole.segments ?? []) + (moved.segments ?? [])
            }
            joined = whole
        }
        guard let joined else { throw TranscriptionError.emptyAudio(engine: transcriber.engineID) }
        return joined
    }

    static func shifted(_ transcript: Transcript, by offset: Double) -> Transcript {
        guard offset != 0 else { return transcript }
        var moved = transcript
        moved.words = shifted(transcript.words, by: offset)
        moved.verbatimPass = transcript.verbatimPass.map { shifted($0, by: offset) }
        moved.segments = transcript.segments?.map { segment in
            var moved = segment
            moved.start += offset
            moved.end += offset
            return moved
        }
        return moved
    }

    static func shifted(_ words: [TranscriptWord], by offset: Double) -> [TranscriptWord] {
        words.map { word in
            var moved = word
            moved.start += offset
            moved.end += offset
            return moved
        }
    }
}
