import Foundation

/// Where the pocketsphinx model lives and how the decoder is tuned.
///
/// Defaults follow what was measured on Debian 12's pocketsphinx 0.8+5prealpha with the
/// `pocketsphinx-en-us` model: silence is kept (`-remove_silence no`) so word times do not drift,
/// the best-path search stays on so confidences are real posteriors, and a tiny filler language
/// model is mixed in so "um"/"uh" can be recognised at all (see `fillerBoost`).
public struct PocketSphinxConfiguration: Sendable, Equatable {
    /// Debian's install location of the US English model (`dpkg -L pocketsphinx-en-us`).
    public static let debianModelDirectory = "/usr/share/pocketsphinx/model/en-us"

    /// Directory holding `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`.
    public var modelDirectory: String
    /// Mix a unigram filler LM into the base LM so the decoder can output um/uh/er/hmm.
    ///
    /// The acoustic model has no filler phones, so without this the decoder finds about a fifth of
    /// spoken fillers; with it about half, at ≈95 % precision (espeak clips, measured here). Costs
    /// about +30 % CPU. Fillers are never put in `-fdict`: that aborts the decoder on many clips.
    public var fillerBoost: Bool
    /// Interpolation weight of the filler LM against the base LM (0…1); the base gets `1 − weight`.
    public var fillerWeight: Double
    /// A filler word is kept only when its posterior is at least this (0…1); lower ones are
    /// mostly insertions that the boost made possible.
    public var fillerMinimumPosterior: Double
    /// `-fwdflat no -maxhmmpf 3000`: about half the CPU. On by default: on the LibriVox set and
    /// the filler fixtures it changed neither WER (31 %) nor filler recall.
    public var fastSearch: Bool

    public init(
        modelDirectory: String = PocketSphinxConfiguration.debianModelDirectory,
        fillerBoost: Bool = true,
        fillerWeight: Double = 0.001,
        fillerMinimumPosterior: Double = 0.01,
        fastSearch: Bool = true
    ) {
        self.modelDirectory = modelDirectory
        self.fillerBoost = fillerBoost
        self.fillerWeight = fillerWeight
        self.fillerMinimumPosterior = fillerMinimumPosterior
        self.fastSearch = fastSearch
    }

    /// Acoustic model directory.
    public var acousticModelPath: String { modelDirectory + "/en-us" }
    /// Base trigram language model (binary).
    public var languageModelPath: String { modelDirectory + "/en-us.lm.bin" }
    /// Pronunciation dictionary.
    public var dictionaryPath: String { modelDirectory + "/cmudict-en-us.dict" }

    /// Model id stored with each transcript so a rescore knows what produced it.
    public var modelID: String {
        var id = "en-us-ptm"
        if fillerBoost { id += "+fillers@\(fillerWeight)" }
        if fastSearch { id += "+fast" }
        return id
    }

    /// Throws `TranscriptionError.modelMissing` for the first model file that is not on disk, and
    /// rejects weights outside 0…1.
    public func validate() throws {
        for path in [acousticModelPath, languageModelPath, dictionaryPath]
        where !FileManager.default.fileExists(atPath: path) {
            throw TranscriptionError.modelMissing(
                engine: "pocketsphinx", path: path,
                fix: "install it with 'apt-get install pocketsphinx-en-us' or use --asr whisper"
            )
        }
        for (name, value) in [("filler weight", fillerWeight), ("filler minimum posterior", fillerMinimumPosterior)]
        where !(0...1).contains(value) {
            throw TranscriptionError.invalidSetting(name: name, value: String(value), rule: "must be within 0…1")
        }
    }
}
