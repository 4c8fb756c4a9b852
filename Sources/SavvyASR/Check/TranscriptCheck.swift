/// What the transcript check found: how much of the speech the words cover, what stayed
/// unrecognised, which repetition loops were caught, and whether the words can be trusted.
///
/// Stored with the transcript, so `rescore` and `show` report the same verdict.
public struct TranscriptCheck: Sendable, Equatable, Codable {
    /// A stretch of time, seconds from the start of the recording.
    public struct Stretch: Sendable, Equatable, Codable {
        public var start: Double
        public var end: Double

        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }

        public var duration: Double { end - start }
    }

    /// A repetition loop in the engine's output and what became of it.
    public struct Loop: Sendable, Equatable, Codable {
        /// Where the repeated copies lay.
        public var stretch: Stretch
        /// The repeated phrase (normalised words).
        public var phrase: String
        /// How many times it was repeated back to back.
        public var repeats: Int
        /// True when decoding the window again gave words without a loop; false when the copies
        /// after the first were dropped and the window reported as unrecognised.
        public var redecoded: Bool
        /// True when the copies lay where nobody can have spoken them, at the end of the
        /// recording (`LoopEvidence.isUnheard`): they were dropped as a trailing hallucination,
        /// and the loop does not count against trust.
        public var trailing: Bool
        /// Whisper's compression ratio of the decode the copies lay in, when it finds it
        /// repetitive (above `DecodeSegment.repetitiveCompressionRatio`); nil otherwise.
        public var compressionRatio: Double?
        /// True when the copies were dropped and the speech under them was then decoded again
        /// stretch by stretch (the coverage rule) into confident words over most of it: the loop
        /// no longer stands for any speech, and it does not count against trust.
        public var recoveredInPieces: Bool

        public init(stretch: Stretch, phrase: String, repeats: Int, redecoded: Bool, trailing: Bool = false,
                    compressionRatio: Double? = nil, recoveredInPieces: Bool = false) {
            self.stretch = stretch
            self.phrase = phrase
            self.repeats = repeats
            self.redecoded = redecoded
            self.trailing = trailing
            self.compressionRatio = compressionRatio
            self.recoveredInPieces = recoveredInPieces
        }

        private enum CodingKeys: String, CodingKey {
            case stretch, phrase, repeats, redecoded, trailing, compressionRatio, recoveredInPieces
        }

        /// Transcripts stored before `trailing` or `recoveredInPieces` existed read them as false.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            stretch = try container.decode(Stretch.self, forKey: .stretch)
            phrase = try container.decode(String.self, forKey: .phrase)
            repeats = try container.decode(Int.self, forKey: .repeats)
            redecoded = try container.decode(Bool.self, forKey: .redecoded)
            trailing = try container.decodeIfPresent(Bool.self, forKey: .trailing) ?? false
            compressionRatio = try container.decodeIfPresent(Double.self, forKey: .compressionRatio)
            recoveredInPieces = try container.decodeIfPresent(Bool.self, forKey: .recoveredInPieces) ?? false
        }
    }

    /// Seconds of speech the VAD found.
    public var speechSeconds: Double
    /// Share of that speech covered by recognised words (0–1).
    public var coverage: Double
    /// Speech stretches of at least `TranscriptChecker.minimumStretchSeconds` that no word
    /// covers even after decoding them again on their own.
    public var unrecognised: [Stretch]
    /// Stretches decoded again (word-less speech, and the windows around stretched words), and
    /// how many of them gave words.
    public var redecodedStretches: Int
    public var recoveredStretches: Int
    /// Words added by those re-decodes.
    public var recoveredWords: Int
    /// The windows around words stretched over speech (`StretchedWords`) whose new decode
    /// replaced the words there; nil when there were none (and in transcripts checked before
    /// the rule existed).
    public var stretchedWords: [Stretch]?
    /// The opening of the recording whose new decode, with silence before it, replaced the words
    /// there (`SkippedOpening`: Whisper skipped the first words); nil when it did not (and in
    /// transcripts checked before the rule existed).
    public var skippedOpening: Stretch?
    public var loops: [Loop]
    /// Mean engine confidence of the words (0–1); nil without words.
    public var meanConfidence: Double?
    /// Share of the words the second engine also heard (0–1), when it was asked; the language
    /// check (tiny.en has no language identification, so a non-English answer comes back as
    /// fluent invented English that pocketsphinx does not corroborate).
    public var agreement: Double?
    /// The highest compression ratio Whisper gave a segment of the decode (above 2.4 it rejects
    /// a decode as repetitive); nil without segment statistics (pocketsphinx, older workers and
    /// transcripts).
    public var compressionRatio: Double?
    /// Whether content and word-based metrics may be judged from these words.
    public var trusted: Bool
    /// One lower-case line saying why not, when not trusted.
    public var reason: String?
    /// One lower-case line when the words are trusted but many of them are likely wrong
    /// (``TranscriptChecker/cautionConfidence``): content is judged, with this warning beside it.
    /// Nil otherwise, and in transcripts checked before the rule existed.
    public var caution: String?

    public init(speechSeconds: Double, coverage: Double, unrecognised: [Stretch], redecodedStretches: Int,
                recoveredStretches: Int, recoveredWords: Int, loops: [Loop], meanConfidence: Double?,
                agreement: Double?, trusted: Bool, reason: String?) {
        self.speechSeconds = speechSeconds
        self.coverage = coverage
        self.unrecognised = unrecognised
        self.redecodedStretches = redecodedStretches
        self.recoveredStretches = recoveredStretches
        self.recoveredWords = recoveredWords
        self.loops = loops
        self.meanConfidence = meanConfidence
        self.agreement = agreement
        self.trusted = trusted
        self.reason = reason
    }
}
