import Foundation

/// Speech recognition with Whisper tiny.en (faster-whisper, CTranslate2 int8 on CPU) running in a
/// Python worker process that savvy starts and talks to over JSON lines.
///
/// Far more accurate than pocketsphinx on read speech (≈6 % vs ≈27 % WER on Debian's LibriVox
/// sentences) but needs the venv from `make venv`. The worker starts on the first call (≈1 s
/// model load) and is reused; it is stopped when the transcriber is released. Calls are
/// serialised by a lock. A worker that crashed or timed out is replaced on the next call.
///
/// Whisper can invent closing phrases ("Thank you.") over trailing silence; run the result
/// through `HallucinationGuard.filter(_:silences:)` with the VAD's silent spans.
///
/// Each `transcribe` runs two decodes (see there), so it costs about twice one decode.
public final class WhisperTranscriber: Transcriber, @unchecked Sendable {
    public let engineID = "whisper"
    /// The configuration the worker is started with.
    public let configuration: WhisperConfiguration
    /// The interpreter and model that were found.
    public let installation: WhisperConfiguration.Installation
    /// The only sample rate Whisper accepts, in Hz.
    public static let sampleRate = 16_000

    private let lock = NSLock()
    private var worker: WhisperWorker?

    /// Finds the venv and model; throws `whisperNotInstalled`/`modelMissing` with what to run.
    /// Python is not started here.
    public init(configuration: WhisperConfiguration) throws {
        self.installation = try configuration.locate()
        self.configuration = configuration
    }

    /// Starts the worker and loads the model now rather than on the first call.
    public func start() throws {
        try lock.withLock { _ = try runningWorker() }
    }

    /// Stops the worker now and so returns its memory (about 200 MB resident with tiny.en, more
    /// at its peak) to the system; the next call starts a new one (≈1 s model load). For a
    /// caller with other heavy work to do before its next decode, so the two peaks do not add up.
    public func stopWorker() {
        lock.withLock {
            worker?.stop()
            worker = nil
        }
    }

    /// Transcribes 16 kHz mono samples in −1…1.
    ///
    /// Two decodes: without a prompt, which gives the words (a prompt can make Whisper skip the
    /// opening of an answer), and with the verbatim prompt, which gives `verbatimPass` (it keeps
    /// "um"/"uh" that the unprompted decode drops). An empty `configuration.prompt` skips the
    /// second decode.
    public func transcribe(samples: [Float], sampleRate: Int) throws -> Transcript {
        let decoded = try decodeWithSegments(samples: samples, sampleRate: sampleRate, prompt: nil)
        let verbatim = configuration.prompt.isEmpty
            ? nil : try decode(samples: samples, sampleRate: sampleRate, prompt: configuration.prompt)
        var transcript = Transcript(words: decoded.words, engine: engineID, model: installation.modelID, verbatimPass: verbatim)
        transcript.segments = decoded.segments.isEmpty ? nil : decoded.segments
        return transcript
    }

    /// One decode of `samples` by the worker, with `prompt` as Whisper's initial prompt (nil:
    /// none). Words are timed from the start of `samples`.
    public func decode(samples: [Float], sampleRate: Int, prompt: String?) throws -> [TranscriptWord] {
        try decodeWithSegments(samples: samples, sampleRate: sampleRate, prompt: prompt).words
    }

    /// `decode`, with the decoder's statistics for each segment (none from a worker that does
    /// not send them).
    public func decodeWithSegments(samples: [Float], sampleRate: Int, prompt: String?) throws
        -> (words: [TranscriptWord], segments: [DecodeSegment]) {
        guard sampleRate == Self.sampleRate else {
            throw TranscriptionError.unsupportedSampleRate(engine: engineID, got: sampleRate, expected: Self.sampleRate)
        }
        guard !samples.isEmpty else { throw TranscriptionError.emptyAudio(engine: engineID) }
        let duration = Double(samples.count) / Double(sampleRate)
        let timeout = configuration.minimumTimeout + configuration.timeoutPerAudioSecond * duration
        let raw = try lock.withLock { () throws -> (words: [[String: Any]], segments: [[String: Any]]) in
            let worker = try runningWorker()
            do {
                return try worker.transcribe(samples: samples, prompt: prompt ?? "", timeout: timeout)
            } catch let error as TranscriptionError {
                // A worker that reported a per-request error is still healthy; any other failure
                // leaves it in an unknown state, so it is replaced on the next call.
                if case .workerReported = error {} else {
                    worker.stop()
                    self.worker = nil
                }
                throw error
            }
        }
        return (Self.words(from: raw.words, duration: duration), Self.segments(from: raw.segments, duration: duration))
    }

    /// The worker's segment statistics, times clamped into the audio; an entry that lacks a
    /// number is skipped (none come from a protocol 1 worker).
    static func segments(from raw: [[String: Any]], duration: Double) -> [DecodeSegment] {
        var segments: [DecodeSegment] = []
        for entry in raw {
            guard let start = entry["start"] as? Double, let end = entry["end"] as? Double,
                  let logProbability = entry["avg_logprob"] as? Double,
                  let ratio = entry["compression_ratio"] as? Double,
                  let noSpeech = entry["no_speech_prob"] as? Double else { continue }
            let from = min(duration, max(0, start))
            segments.append(DecodeSegment(start: from, end: min(duration, max(from, end)),
                                          averageLogProbability: logProbability, compressionRatio: ratio,
                                          noSpeechProbability: noSpeech))
        }
        return segments
    }

    private func runningWorker() throws -> WhisperWorker {
        if let worker, worker.isRunning { return worker }
        let started = try WhisperWorker(
            installation: installation, threads: configuration.cpuThreads, timeout: configuration.loadTimeout
        )
        worker = started
        return started
    }

    /// Turns the worker's word list into `TranscriptWord`s: text normalised (see `normalise`),
    /// display text as Whisper wrote it without the leading space, times clamped into the audio
    /// and made non-decreasing, probabilities clamped to 0…1.
    ///
    /// Whisper marks a new word with a leading space; a piece without one continues the word
    /// before it (" $50" ",000." is one word, "$50,000."; " 4" ".5" is "4.5"), so the pieces
    /// are joined: display text concatenated, text normalised anew, the end extended and the
    /// confidence the lower of the two.
    static func words(from raw: [[String: Any]], duration: Double) -> [TranscriptWord] {
        var words: [TranscriptWord] = []
        for entry in raw {
            guard let rawText = entry["text"] as? String else { continue }
            let piece = rawText.trimmingCharacters(in: .whitespacesAndNewlines)
            let probability = min(1, max(0, (entry["probability"] as? Double) ?? 0))
            if let last = words.last, !rawText.isEmpty, rawText.first?.isWhitespace == false, !piece.isEmpty {
                let display = (last.display ?? last.text) + piece
                guard let text = normalise(display) else { continue }
                let end = min(duration, max(last.end, (entry["end"] as? Double) ?? last.end))
                words[words.count - 1] = TranscriptWord(text: text, start: last.start, end: end,
                                                        confidence: min(last.confidence, probability), display: display)
                continue
            }
            guard let text = normalise(rawText) else { continue }
            let previousStart = words.last?.start ?? 0
            let start = min(duration, max(previousStart, (entry["start"] as? Double) ?? previousStart))
            let end = min(duration, max(start, (entry["end"] as? Double) ?? start))
            words.append(TranscriptWord(text: text, start: start, end: end, confidence: probability, display: piece))
        }
        return words
    }

    /// Lower-cases a Whisper word and strips the punctuation and spaces it carries (" Well," →
    /// "well", "Mr." → "mr"); inner apostrophes and hyphens stay ("don't", "well-known").
    /// Returns nil for a token that was only punctuation.
    static func normalise(_ text: String) -> String? {
        let isWordCharacter: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        let lowered = text.lowercased()
        guard let first = lowered.firstIndex(where: isWordCharacter),
              let last = lowered.lastIndex(where: isWordCharacter) else { return nil }
        return String(lowered[first...last])
    }
}
