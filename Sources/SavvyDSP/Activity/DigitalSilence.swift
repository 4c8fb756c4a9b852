/// Stretches where the recording is near-digital silence: a level no microphone in a room
/// produces, so nobody can have been speaking there.
///
/// The bound, −90 dBFS frame RMS, lies below the quietest room measured here (−85 dBFS, AMI
/// headset mixes) and above the noise of 16-bit quantisation (≈ −101 dBFS). Used as evidence
/// for removing words a recogniser invented (`HallucinationGuard`), where the ordinary VAD
/// decision is not evidence enough.
public enum DigitalSilence {
    /// Frames below this RMS level are near-digital silence, dBFS.
    public static let levelDB = -90.0
    /// Shorter runs are not reported, seconds.
    public static let minimumSeconds = 0.2

    /// Near-digital silent spans in time order, seconds. A span runs from its first quiet frame's
    /// window start to its last quiet frame's window end (every sample in it is quiet).
    public static func spans(_ tracks: FrameTracks) -> [TimeSpan] {
        let rate = Double(tracks.sampleRate)
        var spans: [TimeSpan] = []
        var i = 0
        while i < tracks.count {
            guard tracks.rmsDB[i] < levelDB else {
                i += 1
                continue
            }
            var j = i
            while j < tracks.count, tracks.rmsDB[j] < levelDB { j += 1 }
            let start = Double(i * tracks.hop) / rate
            let end = Double((j - 1) * tracks.hop + tracks.frameLength) / rate
            if end - start >= minimumSeconds { spans.append(TimeSpan(start: start, end: end)) }
            i = j
        }
        return spans
    }
}
