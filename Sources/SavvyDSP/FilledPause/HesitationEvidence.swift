/// Whether the audio has room for a hesitation a recogniser wrote: the acoustic check on a decode's
/// "um"/"uh" (issue 9).
///
/// A filled pause is a voiced sound (a held vowel, or a vowel and a nasal: Clark & Fox Tree 2002),
/// so a hesitation word over audio with no voicing at all — silence, breath, a fricative or noise —
/// was not heard there: the verbatim prompt makes Whisper write "Um," where the speaker only paused
/// or breathed. Whisper times hesitation words loosely (often a zero-length word at the next word's
/// start), so the search looks `slackSeconds` either side of the word, and it asks for only
/// `minimumVoicedSeconds` of voicing: creaky and breathy hesitations lose pitch for most of
/// their length. It can only take a hesitation away where the audio says no one voiced anything;
/// it never adds one. Pure and deterministic.
public struct HesitationEvidence: Sendable, Equatable {
    /// Seconds searched either side of the hesitation word.
    public var slackSeconds: Double
    /// Voiced time, seconds, the widened span must hold. 30 ms is three 10 ms analysis hops: one
    /// or two voiced frames are tracker noise.
    public var minimumVoicedSeconds: Double

    public init(slackSeconds: Double = 0.15, minimumVoicedSeconds: Double = 0.03) {
        self.slackSeconds = slackSeconds
        self.minimumVoicedSeconds = minimumVoicedSeconds
    }

    /// True when `tracks` hold at least `minimumVoicedSeconds` of voicing in `start…end` widened
    /// by `slackSeconds` each side.
    public func voiced(start: Double, end: Double, in tracks: FrameTracks) -> Bool {
        guard tracks.count > 0 else { return false }
        let hopSeconds = Double(tracks.hop) / Double(tracks.sampleRate)
        let from = start - slackSeconds
        let to = end + slackSeconds
        var voiced = 0
        for i in 0..<tracks.count where tracks.isVoiced(i) {
            let t = tracks.time(ofFrame: i)
            if t >= from && t <= to { voiced += 1 }
        }
        return Double(voiced) * hopSeconds >= minimumVoicedSeconds - 1e-9
    }
}
