import Foundation

/// Chooses one F0 (or "unvoiced") per frame from the YIN candidates by dynamic programming
/// (Viterbi), the step that makes candidate trackers robust to octave errors on noisy speech
/// (Boersma 1993 does the same for Praat's autocorrelation candidates).
///
/// Costs (lower is better), all dimensionless on the scale of YIN's d′:
/// - voiced state: d′ of the dip − `octaveCost`·log₂(f / floor), a small preference for the
///   shortest period, because every multiple of the true period is also a dip (the soft
///   form of YIN's "first dip below the threshold");
/// - unvoiced state: `voicingThreshold` (a dip must be deeper than this to beat it; 0.35 ≈
///   local HNR 2.7 dB);
/// - voiced → voiced: `jumpCost`·|log₂(f₁ / f₀)| per frame (an octave jump costs `jumpCost`);
/// - voiced ↔ unvoiced: `transitionCost`.
/// Frames quieter than the loudest frames (99th percentile of frame dB) by more than
/// `energyGateDB` have no voiced state at all. Ties resolve to the lower state index, so the
/// path is deterministic.
struct PitchPathTracker {
    var voicingThreshold: Double
    var octaveCost: Double
    var jumpCost: Double
    var transitionCost: Double
    var energyGateDB: Double
    var floorHz: Double
    /// Voiced runs shorter than this many frames are set unvoiced (isolated blips).
    var minimumVoicedFrames: Int

    /// The path for a whole recording's candidates (see ``PitchPathSearch`` for the frame-by-frame
    /// form the analyzer uses).
    func track(candidates: [[PitchCandidate]], frameDB: [Double], loudestDB: Double) -> [Double?] {
        var search = PitchPathSearch(tracker: self, loudestDB: loudestDB)
        for t in candidates.indices {
            search.append(candidates: candidates[t], frameDB: frameDB[t])
        }
        return search.finish()
    }

    /// `path` with voiced runs shorter than `minimumVoicedFrames` set unvoiced.
    func finished(_ path: [Double?]) -> [Double?] {
        removeShortRuns(path)
    }

    private func removeShortRuns(_ path: [Double?]) -> [Double?] {
        guard minimumVoicedFrames > 1 else { return path }
        var out = path
        var i = 0
        while i < out.count {
            guard out[i] != nil else {
                i += 1
                continue
            }
            var j = i
            while j < out.count, out[j] != nil { j += 1 }
            if j - i < minimumVoicedFrames {
                for k in i..<j { out[k] = nil }
            }
            i = j
        }
        return out
    }
}
