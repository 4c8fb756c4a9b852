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

    func track(candidates: [[PitchCandidate]], frameDB: [Double], loudestDB: Double) -> [Double?] {
        let count = candidates.count
        guard count > 0 else { return [] }
        let gate = loudestDB - energyGateDB
        // flat storage: states of frame t live at offset[t] ..< offset[t+1]; state 0 = unvoiced
        var offset = [Int](repeating: 0, count: count + 1)
        var frequency: [Double] = []
        var local: [Double] = []
        frequency.reserveCapacity(count * 4)
        local.reserveCapacity(count * 4)
        for t in 0..<count {
            offset[t] = frequency.count
            frequency.append(0)
            local.append(voicingThreshold)
            if frameDB[t] >= gate {
                for c in candidates[t] {
                    frequency.append(c.frequency)
                    local.append(c.aperiodicity - octaveCost * log2(c.frequency / floorHz))
                }
            }
        }
        offset[count] = frequency.count
        let logF = frequency.map { $0 > 0 ? log2($0) : 0 }

        var total = [Double](repeating: 0, count: frequency.count)
        var back = [Int](repeating: 0, count: frequency.count)
        for s in offset[0]..<offset[1] { total[s] = local[s] }
        if count > 1 {
            for t in 1..<count {
                let p0 = offset[t - 1], p1 = offset[t]
                for s in offset[t]..<offset[t + 1] {
                    var best = Double.infinity
                    var arg = p0
                    let voiced = s != offset[t]
                    for p in p0..<p1 {
                        let previousVoiced = p != p0
                        var cost = total[p]
                        if voiced && previousVoiced {
                            cost += jumpCost * abs(logF[s] - logF[p])
                        } else if voiced != previousVoiced {
                            cost += transitionCost
                        }
                        if cost < best {
                            best = cost
                            arg = p
                        }
                    }
                    total[s] = best + local[s]
                    back[s] = arg
                }
            }
        }
        var state = offset[count - 1]
        for s in offset[count - 1]..<offset[count] where total[s] < total[state] { state = s }
        var path = [Double?](repeating: nil, count: count)
        var t = count - 1
        while true {
            if state != offset[t] { path[t] = frequency[state] }
            if t == 0 { break }
            state = back[state]
            t -= 1
        }
        return removeShortRuns(path)
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
