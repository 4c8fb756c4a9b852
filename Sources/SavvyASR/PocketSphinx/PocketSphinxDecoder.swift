import CPocketSphinx
import Foundation
import SavvyFileSystem

/// Owns one pocketsphinx decoder (`ps_decoder_t`) and its configuration (`cmd_ln_t`).
///
/// Loading the models takes 0.5–0.9 s, so a decoder is kept and used again: by every file a
/// batch worker scores, and by the second opinion and re-decodes of each. Every decode
/// (`decode(_:)`, `decode(utterances:samples:)`) first puts the decoder in one
/// fixed state (`reset()`), so the same audio gives the same words, times and confidences
/// whatever the decoder did before, and a kept decoder gives what a freshly loaded one gives.
/// Within one `decode(utterances:samples:)` the state runs on from one utterance to the next.
/// Not thread-safe: one thread uses a decoder at a time (`PocketSphinxTranscriber` hands each
/// caller its own). Acquired in `init`, released in `deinit`; a half-built decoder releases
/// what it got.
final class PocketSphinxDecoder {
    private let decoder: OpaquePointer
    private let config: OpaquePointer
    private let fillerWords: Set<String>
    private let fillerMinimumPosterior: Double
    /// This use's dither stream; restarted by `reset()`.
    private var dither = PocketSphinxDither()
    /// Whether anything was decoded yet (a reset or a live utterance): live decoding needs a
    /// decoder that never was (see `startLive`).
    private var used = false

    /// pocketsphinx writes its configuration table and progress to stderr; a library must not.
    /// The log destination is process-wide in sphinxbase, so it is switched off once here rather
    /// than with `-logfn /dev/null`: every `ps_init` with `-logfn` opens a new stream and closes
    /// the previous one, which a decoder on another thread may still be writing to.
    private static let silenceLogging: Void = {
        err_set_logfp(nil)
    }()

    /// Frames per second of the front end; passed explicitly so frame indices convert to seconds.
    static let frameRate = 100

    init(configuration: PocketSphinxConfiguration) throws {
        try configuration.validate()
        _ = Self.silenceLogging

        var arguments = [
            // argv[0] must be a program name: if it starts with "-" every option is ignored.
            "savvy",
            "-hmm", configuration.acousticModelPath,
            "-lm", configuration.languageModelPath,
            "-dict", configuration.dictionaryPath,
            "-remove_silence", "no",
            "-bestpath", "yes",
            "-frate", String(Self.frameRate),
            // Digital silence (exact zeros) makes every frame identical and the decoder then
            // "hears" a word in it, so the samples get half-LSB dither, but savvy's own
            // (`PocketSphinxDither`): sphinxbase's draws from one process-wide stream.
            "-dither", "no",
        ]
        if configuration.fastSearch {
            arguments += ["-fwdflat", "no", "-maxhmmpf", "3000"]
        }
        guard let config = Self.parse(arguments) else {
            throw TranscriptionError.decoderFailed(step: "cmd_ln_parse_r", code: -1)
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw TranscriptionError.decoderFailed(step: "ps_init", code: -1)
        }
        self.config = config
        self.decoder = decoder
        self.fillerMinimumPosterior = configuration.fillerMinimumPosterior
        if configuration.fillerBoost {
            let model = FillerLanguageModel.standard
            self.fillerWords = model.words
            do {
                try Self.installFillerBoost(decoder: decoder, config: config, model: model, weight: configuration.fillerWeight)
            } catch {
                ps_free(decoder)
                cmd_ln_free_r(config)
                throw error
            }
        } else {
            self.fillerWords = FillerLanguageModel.standard.words
        }
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// Decodes one utterance of 16 kHz 16-bit samples.
    ///
    /// The whole buffer is passed with `full_utt` so batch cepstral-mean normalisation (the
    /// model's `-cmn batch`) is computed over exactly this audio.
    func decode(_ samples: [Int16]) throws -> [TranscriptWord] {
        try reset()
        return try decodeUtterance(samples)
    }

    /// Decodes `count` utterances one after another, each from `samples(index)`, and returns each
    /// one's words on its own clock; an empty utterance has none and is not passed to the decoder.
    ///
    /// The search keeps every word exit of an utterance until its end (the back-pointer table and
    /// the lattice), and that grows faster than the utterance: savvy's peak while scoring was
    /// 221 MB for 30 s, 233 MB for 60 s, 265 MB for 120 s and 424–475 MB for 5 minutes. So a
    /// long recording is decoded as several utterances rather than one. The noise estimate and
    /// dither stream run on from one utterance to the next, so a later utterance may differ
    /// slightly from a decode of it alone, but the same sequence always gives the same words.
    func decode(utterances count: Int, samples: (Int) throws -> [Int16]) throws -> [[TranscriptWord]] {
        try reset()
        var result: [[TranscriptWord]] = []
        for index in 0..<count {
            let utterance = try samples(index)
            result.append(utterance.isEmpty ? [] : try decodeUtterance(utterance))
        }
        return result
    }

    /// Puts the decoder in the state every use starts from.
    ///
    /// Three things outlive an utterance in pocketsphinx, each measured here by decoding A, B, A
    /// on one decoder against fresh ones: the front end's noise estimate (`-remove_noise`; reset
    /// only when a stream starts, `ps_start_stream`), the dither's random stream (our own, see
    /// `PocketSphinxDither`), and search state from the last frames of the previous utterance
    /// that no call resets (it goes away with `-pl_window 0`, the phone-loop lookahead, which
    /// savvy keeps for accuracy). The first two are restarted; the third is overwritten by a
    /// settling utterance of `settlingSamples` dithered zeros, so it is the same after every reset
    /// — on a fresh decoder too — whatever came before. Costs a decode of 0.5 s of silence.
    private func reset() throws {
        used = true
        var code = ps_start_stream(decoder)
        guard code >= 0 else { throw TranscriptionError.decoderFailed(step: "ps_start_stream", code: code) }
        dither = PocketSphinxDither()
        _ = try decodeUtterance([Int16](repeating: 0, count: Self.settlingSamples))
        code = ps_start_stream(decoder)
        guard code >= 0 else { throw TranscriptionError.decoderFailed(step: "ps_start_stream", code: code) }
        dither = PocketSphinxDither()
    }

    /// Length of the settling utterance (0.5 s at 16 kHz, 50 frames): longer than the few frames
    /// of history the search keeps.
    static let settlingSamples = 8_000

    private func decodeUtterance(_ samples: [Int16]) throws -> [TranscriptWord] {
        var code = ps_start_utt(decoder)
        guard code >= 0 else { throw TranscriptionError.decoderFailed(step: "ps_start_utt", code: code) }
        var samples = samples
        dither.apply(to: &samples)
        code = samples.withUnsafeBufferPointer { buffer in
            ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 1)
        }
        guard code >= 0 else {
            _ = ps_end_utt(decoder)
            throw TranscriptionError.decoderFailed(step: "ps_process_raw", code: code)
        }
        code = ps_end_utt(decoder)
        guard code >= 0 else { throw TranscriptionError.decoderFailed(step: "ps_end_utt", code: code) }
        return words()
    }

    /// Starts a live utterance, fed block by block with `processLive`, on a decoder loaded for it
    /// and never used before (`LiveTranscriber` owns one and decodes one utterance); anything else
    /// is a programming error, stopped here rather than inside pocketsphinx.
    ///
    /// Not after `reset()`: block-by-block decoding that follows the settling utterance aborts in
    /// the tree search (`eval_nonroot_chan` assertion; `LiveTranscriberTests` hits it when this
    /// resets first). Not a second live utterance either: even with a reset between them, its
    /// text differed from a fresh decoder's on the same audio (live decoding keeps a running
    /// cepstral mean, which a new stream does not seem to restore). The text is provisional, so
    /// a fresh decoder's state is all it needs.
    func startLive() throws {
        precondition(!used, "live decoding needs a pocketsphinx decoder of its own that was never used")
        used = true
        let code = ps_start_utt(decoder)
        guard code >= 0 else { throw TranscriptionError.decoderFailed(step: "ps_start_utt", code: code) }
    }

    /// Adds one block of a live utterance and returns the current best hypothesis text.
    ///
    /// Without `full_utt` the decoder normalises with its running cepstral mean, so the text is
    /// provisional: the final transcript comes from decoding the whole recording afterwards.
    func processLive(_ samples: [Int16]) -> String? {
        var samples = samples
        dither.apply(to: &samples)
        let code = samples.withUnsafeBufferPointer { buffer in
            ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0)
        }
        guard code >= 0 else { return nil }
        var score: Int32 = 0
        guard let hyp = ps_get_hyp(decoder, &score) else { return nil }
        return String(cString: hyp)
    }

    /// Ends a live utterance.
    func endLive() {
        _ = ps_end_utt(decoder)
    }

    /// Walks the best path's segments into words with times and posteriors.
    private func words() -> [TranscriptWord] {
        guard let logmath = ps_get_logmath(decoder) else { return [] }
        var result: [TranscriptWord] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            if let raw = ps_seg_word(current), let text = Self.normalise(String(cString: raw)) {
                var startFrame: Int32 = 0
                var endFrame: Int32 = 0
                ps_seg_frames(current, &startFrame, &endFrame)
                var acoustic: Int32 = 0
                var language: Int32 = 0
                var backoff: Int32 = 0
                let logPosterior = ps_seg_prob(current, &acoustic, &language, &backoff)
                let posterior = min(1, max(0, logmath_exp(logmath, logPosterior)))
                let keep = !fillerWords.contains(text) || posterior >= fillerMinimumPosterior
                if keep {
                    result.append(TranscriptWord(
                        text: text,
                        start: Double(startFrame) / Double(Self.frameRate),
                        // The end frame is inclusive: the word lasts until the next frame starts.
                        end: Double(endFrame + 1) / Double(Self.frameRate),
                        confidence: posterior
                    ))
                }
            }
            segment = ps_seg_next(current)
        }
        return result
    }

    /// Lower-cases, strips pronunciation variants ("read(2)") and drops silence/noise tokens.
    static func normalise(_ token: String) -> String? {
        if token.hasPrefix("<") || token.hasPrefix("[") || token.hasPrefix("+") { return nil }
        var word = token
        if let open = word.firstIndex(of: "("), word.hasSuffix(")") {
            word = String(word[..<open])
        }
        word = word.lowercased()
        return word.isEmpty ? nil : word
    }

    private static func parse(_ arguments: [String]) -> OpaquePointer? {
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            cmd_ln_parse_r(nil, ps_args(), Int32(buffer.count), buffer.baseAddress, 1)
        }
    }

    /// Replaces the active search with one over `(1 − w)·base + w·fillers`.
    ///
    /// Reference counts: `ngram_model_set_init` retains each model it is given and `ps_set_lm`
    /// retains the set, so our own references to the filler LM and to the set are dropped once
    /// they are handed over, and the base LM (the default search's) is not retained at all.
    /// Retaining it, as savvy once did, kept the base LM alive after `ps_free`: about 22 MB of
    /// heap (46 MB resident) lost with every decoder (valgrind: "definitely lost" in
    /// `ngram_model_set_init` under `ps_init`, and the filler LM under `ngram_model_read`).
    private static func installFillerBoost(
        decoder: OpaquePointer, config: OpaquePointer, model: FillerLanguageModel, weight: Double
    ) throws {
        guard let base = ps_get_lm(decoder, "_default") else {
            throw TranscriptionError.decoderFailed(step: "ps_get_lm", code: -1)
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("savvy-fillers-\(getpid())-\(UUID().uuidString).arpa").path
        do {
            try model.arpa.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw TranscriptionError.temporaryFile(path: path, reason: SystemErrorText.reason(error))
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let fillers = ngram_model_read(config, path, NGRAM_ARPA, ps_get_logmath(decoder)) else {
            throw TranscriptionError.decoderFailed(step: "ngram_model_read (filler LM)", code: -1)
        }
        var models: [OpaquePointer?] = [base, fillers]
        var names: [UnsafeMutablePointer<CChar>?] = [strdup("base"), strdup("fillers")]
        defer { names.forEach { free($0) } }
        let weights: [Float] = [Float(1 - weight), Float(weight)]
        let set = models.withUnsafeMutableBufferPointer { modelBuffer in
            names.withUnsafeMutableBufferPointer { nameBuffer in
                ngram_model_set_init(config, modelBuffer.baseAddress, nameBuffer.baseAddress, weights, 2)
            }
        }
        ngram_model_free(fillers)
        guard let set else {
            throw TranscriptionError.decoderFailed(step: "ngram_model_set_init", code: -1)
        }
        let setCode = ps_set_lm(decoder, "fillers", set)
        ngram_model_free(set)
        guard setCode >= 0 else { throw TranscriptionError.decoderFailed(step: "ps_set_lm", code: setCode) }
        let searchCode = ps_set_search(decoder, "fillers")
        guard searchCode >= 0 else { throw TranscriptionError.decoderFailed(step: "ps_set_search", code: searchCode) }
    }
}
