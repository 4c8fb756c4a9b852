import SavvyASR
import SavvyAudio
import SavvyDSP

/// The stage between recognition and metrics (DESIGN §2): removes Whisper's known inventions
/// over silence, merges the hesitations only the verbatim decode heard, then lets
/// `TranscriptChecker` catch loops, decode word-less speech again and judge whether the words can
/// be trusted.
struct TranscriptCheckStage {
    /// Audio the pocketsphinx second opinion hears at most, seconds. pocketsphinx takes a quarter
    /// to a half of real time on one core (0.27× on a 2-minute read answer, 0.45× on a 30 s
    /// meeting clip, Xeon), so all of a 2-hour recording cost over half an hour of CPU;
    /// 10 minutes is over a thousand words of agreement, and every answer up to 10 minutes
    /// long is heard in full, exactly as before.
    static let secondOpinionSeconds = 600.0

    /// pocketsphinx's words for the language check, and the stretches it heard when it heard
    /// only a sample (nil: all of the recording).
    struct SecondOpinion {
        var words: [TranscriptWord]
        var sampled: [(start: Double, end: Double)]?
    }

    /// The language check's second opinion on `audio`, when `transcriber` is Whisper: tiny.en has
    /// no language identification, so pocketsphinx (always installed with savvy) decodes the
    /// recording too, in stretches of at most a minute cut in pauses so its memory does not grow
    /// with the answer. Of a recording longer than `secondOpinionSeconds` it hears a sample of
    /// stretches spread over the whole, and agreement is judged on Whisper's words in them.
    /// Independent of Whisper's words, so it can run beside recognition (`ScorePipeline` does so
    /// up to `secondOpinionSeconds`), or before it, while the Whisper worker holds no memory. `pocketsphinx` is the caller's, so its decoder stays loaded from
    /// one file to the next. nil for another engine, or without pocketsphinx.
    static func secondOpinion(audio: DecodedAudioFile, analysis: DeliveryAnalysis, transcriber: any Transcriber,
                              pocketsphinx: PocketSphinxTranscriber?) throws -> SecondOpinion? {
        guard transcriber is WhisperTranscriber, let pocketsphinx else { return nil }
        let sampleRate = audio.sampleRate
        let all = TranscriptionWindows.plan(
            duration: audio.durationSeconds, speech: analysis.activity.segments,
            maximumSeconds: PocketSphinxTranscriber.longestUtteranceSeconds)
        let stretches = all.sample(seconds: secondOpinionSeconds)
        let ranges = stretches.spans.map { audio.sampleRange(from: $0.start, to: $0.end) }
        let words = try pocketsphinx.transcribe(stretches: ranges.count, sampleRate: sampleRate) { index in
            try audio.samples(in: ranges[index])
        }
        return SecondOpinion(
            words: zip(ranges, words).flatMap { range, words in
                TranscriptionWindows.shifted(words, by: Double(range.lowerBound) / Double(sampleRate))
            },
            sampled: stretches == all ? nil : stretches.spans.map { (start: $0.start, end: $0.end) })
    }

    /// - Parameters:
    ///   - audio: the recording the transcript was made from; re-decodes read their stretch of it.
    ///   - transcriber: the engine that made it; re-decodes use it.
    ///   - secondOpinion: `secondOpinion(audio:analysis:transcriber:pocketsphinx:)` for the same
    ///     recording; nil skips the language check.
    func run(_ transcript: Transcript, audio: DecodedAudioFile,
             analysis: DeliveryAnalysis, transcriber: any Transcriber, secondOpinion: SecondOpinion?) throws -> Transcript {
        let sampleRate = audio.sampleRate
        var result = transcript
        let whisper = transcriber as? WhisperTranscriber
        if result.engine == "whisper" {
            let digital = DigitalSilence.spans(analysis.tracks).map { (start: $0.start, end: $0.end) }
            result = HallucinationGuard.filter(result, speechEnd: analysis.activity.segments.last?.end, digitalSilences: digital)
            result = HesitationMerge.merge(result)
        }
        let redecode: TranscriptChecker.Redecode = { start, end, prompt in
            let range = audio.sampleRange(from: start, to: end)
            guard !range.isEmpty else { return ([], []) }
            // A start before the recording is silence decoded first (the skipped-opening rule's
            // lead-in); the words are moved back by it.
            let leadIn = start < 0 ? Int((-start * Double(sampleRate)).rounded()) : 0
            let from = range.lowerBound - leadIn
            let window = leadIn > 0
                ? [Float](repeating: 0, count: leadIn) + (try audio.samples(in: range)) : try audio.samples(in: range)
            let decoded: TranscriptChecker.Redecoded
            if let whisper {
                decoded = try whisper.decodeWithSegments(samples: window, sampleRate: sampleRate, prompt: prompt)
            } else {
                decoded = (try transcriber.transcribe(samples: window, sampleRate: sampleRate).words, [])
            }
            let offset = Double(from) / Double(sampleRate)
            let words = decoded.words.map { word in
                var shifted = word
                shifted.start += offset
                shifted.end += offset
                return shifted
            }
            let segments = decoded.segments.map { segment in
                var shifted = segment
                shifted.start += offset
                shifted.end += offset
                return shifted
            }
            return (words, segments)
        }
        let prompt = whisper.flatMap { $0.configuration.prompt.isEmpty ? nil : $0.configuration.prompt }
        var checker = TranscriptChecker()
        // Only Whisper's word probabilities tell English from other speech (see minimumConfidence).
        if whisper == nil {
            checker.minimumConfidence = nil
            // ... but they do follow how many words are wrong.
            checker.cautionConfidence = TranscriptChecker.pocketSphinxCautionConfidence
        }
        return try checker.check(result, speech: analysis.activity.segments.map { (start: $0.start, end: $0.end) },
                                 verbatimPrompt: prompt, redecode: redecode, secondOpinion: secondOpinion?.words,
                                 secondOpinionSpans: secondOpinion?.sampled,
                                 audioEnd: audio.durationSeconds)
    }
}
