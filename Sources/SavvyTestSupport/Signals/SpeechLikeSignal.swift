/// Voiced bursts separated by digital-silence gaps of known length: exact truth for speech
/// segments and pauses.
public struct SpeechLikeSignal: Sendable {
    /// The samples (16 kHz).
    public var samples: [Float]
    /// Voiced bursts, seconds.
    public var bursts: [(start: Double, end: Double)]
    /// The gaps between consecutive bursts, seconds.
    public var gaps: [(start: Double, end: Double)]
    /// Per-sample truth: inside a voiced burst.
    public var voicedMask: [Bool]

    /// Bursts of `burstSeconds` each (cycling through vowels, F0 `f0` Hz), separated by
    /// `gapSeconds`, with `leadSeconds` of silence at both ends.
    public init(burstSeconds: Double, gapSeconds: [Double], f0: Double = 140, leadSeconds: Double = 0.5,
                sampleRate: Int = 16_000, seed: UInt64 = 1) {
        var generator = SeededGenerator(seed: seed)
        let speech = GlottalSpeech(sampleRate: sampleRate, jitter: 0.003, shimmer: 0.03, rampSeconds: 0.01)
        let vowels = Vowel.allCases
        var out = TestSignals.silence(duration: leadSeconds, sampleRate: sampleRate)
        var mask = [Bool](repeating: false, count: out.count)
        var bursts: [(start: Double, end: Double)] = []
        var gaps: [(start: Double, end: Double)] = []
        let fs = Double(sampleRate)
        for k in 0...gapSeconds.count {
            let start = Double(out.count) / fs
            let burst = speech.segment(duration: burstSeconds, contour: .steady(f0),
                                       vowel: vowels[k % vowels.count], rms: 0.1, generator: &generator)
            out += burst
            mask += [Bool](repeating: true, count: burst.count)
            bursts.append((start, Double(out.count) / fs))
            if k < gapSeconds.count {
                let gap = TestSignals.silence(duration: gapSeconds[k], sampleRate: sampleRate)
                gaps.append((Double(out.count) / fs, Double(out.count + gap.count) / fs))
                out += gap
                mask += [Bool](repeating: false, count: gap.count)
            }
        }
        let tail = TestSignals.silence(duration: leadSeconds, sampleRate: sampleRate)
        out += tail
        mask += [Bool](repeating: false, count: tail.count)
        samples = out
        self.bursts = bursts
        self.gaps = gaps
        voicedMask = mask
    }
}
