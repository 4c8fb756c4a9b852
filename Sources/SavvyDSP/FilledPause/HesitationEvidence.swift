/// Whether the audio has room for a hesitation a recogniser wrote: the acoustic check on a decode's
/// "um"/"uh" (issue 9).
///
/// A filled pause is a voiced sound (a held vowel, or a vowel and a nasal: Clark & Fox Tree 2002),
/// so a hesitation word over audio with no voicing at all — silence, breath, a fricative or noise —
/// was not heard there: the verbatim prompt makes Whisper write "Um," where the speaker only paused
/// or breathed. Whisper times hesitation words late (often a zero-length word up to half a second
/// after the sound, at the next word's start: on the espeak filler set a zero-length "uh" at 4.68 s
/// for a sound at 4.05–4.32 s), so the search starts `leadSeconds` before the word and ends
/// `lagSeconds` after it, and it asks for only
/// `minimumVoicedSeconds` of voicing: creaky and breathy hesitations lose pitch for most of
/// their length. It can only take a hesitation away where the audio says no one voiced anything;
/// it never adds one. Pure and deterministic.
public struct HesitationEvidence: Sendable, Equatable {
    /// Seconds searched before the hesitation word (the sound comes first).
    public var leadSeconds: Double
    /// Seconds searched after it.
    public var lagSeconds: Double
    /// Voiced time, seconds, the widened span must hold. 30 ms is three 10 ms analysis hops: one
    /// or two voiced frames are tracker noise.
    public var minimumVoicedSeconds: Double

    public init(leadSeconds: Double = 0.5, lagSeconds: Double = 0.15, minimumVoicedSeconds: Double = 0.03) {
        self.leadSeconds = leadSeconds
        self.lagSeconds = lagSeconds
        self.minimumVoicedSeconds = minimumVoicedSeconds
    }

    /// True when `tracks` hold at least `minimumVoicedSeconds` of voicing from `leadSeconds`
    /// before `start` to `lagSeconds` after `end`.
    public func voiced(start: Double, end: Double, in tracks: FrameTracks) -> Bool {
        guard tracks.count > 0 else { return false }
        let hopSeconds = Double(tracks.hop) / Double(tracks.sampleRate)
        let from = start - leadSeconds
        let to = end + lagSeconds
        var voiced = 0
        for i in 0..<tracks.count where tracks.isVoiced(i) {
            let t = tracks.time(ofFrame: i)
            if t >= from && t <= to { voiced += 1 }
        }
        return Double(voiced) * hopSeconds >= minimumVoicedSeconds - 1e-9
    }
}
