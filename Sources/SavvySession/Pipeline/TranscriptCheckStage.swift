import SavvyASR
import SavvyDSP

/// The stage between recognition and metrics (DESIGN §2): removes Whisper's known inventions
/// over silence, merges the hesitations only the verbatim decode heard, then lets
/// `TranscriptChecker` catch loops, decode word-less speech again and judge whether the words can
/// be trusted.
struct TranscriptCheckStage {

    /// - Parameters:
    ///   - samples: the 16 kHz mono recording the transcript was made from.
    ///   - transcriber: the engine that made it; re-decodes use it.
    func run(_ transcript: Transcript, samples: [Float], sampleRate: Int, analysis: DeliveryAnalysis,
             transcriber: any Transcriber) throws -> Transcript {
        var result = transcript
        let whisper = transcriber as? WhisperTranscriber
        if result.engine == "whisper" {
            let digital = DigitalSilence.spans(analysis.tracks).map { (start: $0.start, end: $0.end) }
            result = HallucinationGuard.filter(result, speechEnd: analysis.activity.segments.last?.end, digitalSilences: digital)
            result = HesitationMerge.merge(result)
        }
        let redecode: TranscriptChecker.Redecode = { start, end, prompt in
            let from = max(0, Int((start * Double(sampleRate)).rounded(.down)))
            let to = min(samples.count, Int((end * Double(sampleRate)).rounded(.up)))
            guard to > from else { return [] }
            let window = Array(samples[from..<to])
            let words: [TranscriptWord]
            if let whisper {
                words = try whisper.decode(samples: window, sampleRate: sampleRate, prompt: prompt)
            } else {
                words = try transcriber.transcribe(samples: window, sampleRate: sampleRate).words
            }
            let offset = Double(from) / Double(sampleRate)
            return words.map { word in
                var shifted = word
                shifted.start += offset
                shifted.end += offset
                return shifted
            }
        }
        // The language check: tiny.en has no language identification, so pocketsphinx (always
        // installed with savvy) is asked for a second opinion on Whisper's words.
        var second: [TranscriptWord]?
        if whisper != nil, let pocketsphinx = try? PocketSphinxTranscriber() {
            second = try pocketsphinx.transcribe(samples: samples, sampleRate: sampleRate).words
        }
        let prompt = whisper.flatMap { $0.configuration.prompt.isEmpty ? nil : $0.configuration.prompt }
        var checker = TranscriptChecker()
        // Only Whisper's word probabilities tell English from other speech (see minimumConfidence).
        if whisper == nil { checker.minimumConfidence = nil }
        return try checker.check(result, speech: analysis.activity.segments.map { (start: $0.start, end: $0.end) },
                                 verbatimPrompt: prompt, redecode: redecode, secondOpinion: second)
    }
}
