import Foundation

/// ``PitchPathTracker``'s Viterbi search fed one frame at a time, so a long recording's
/// candidates never have to be held together.
///
/// The forward pass needs only the previous frame's totals; what the backtrace needs is kept
/// compactly per state: the index of its best predecessor (one byte: a frame has at most
/// `1 + maxCandidates` states) and, for voiced states, the frequency. That is ≈ 9 bytes per state
/// against the ≈ 40 of storing candidates, totals and back-pointers for every frame — 25 MB
/// rather than 170 MB for two hours of speech. The arithmetic (costs, the order of the sums and
/// comparisons, ties to the lower state) is the tracker's, so the path is the same bit for bit.
struct PitchPathSearch {
    private let tracker: PitchPathTracker
    private let gate: Double
    /// States of each frame so far (state 0 = unvoiced).
    private var stateCounts: [UInt8] = []
    /// Best predecessor (index among the previous frame's states) of every state, frame by frame.
    private var back: [UInt8] = []
    /// Frequency of every voiced state, frame by frame.
    private var voicedFrequency: [Double] = []
    /// Totals and log₂ frequencies (0 for unvoiced) of the last frame's states.
    private var total: [Double] = []
    private var logFrequency: [Double] = []
    private var nextTotal: [Double] = []
    private var nextLogFrequency: [Double] = []

    init(tracker: PitchPathTracker, loudestDB: Double) {
        self.tracker = tracker
        gate = loudestDB - tracker.energyGateDB
    }

    /// Number of frames appended.
    var frameCount: Int { stateCounts.count }

    /// Adds the next frame: its candidates (ignored when the frame is below the energy gate)
    /// and its level in dB.
    mutating func append(candidates: [PitchCandidate], frameDB: Double) {
        let voiced = frameDB >= gate ? candidates : []
        precondition(voiced.count < Int(UInt8.max), "too many pitch candidates in one frame")
        nextTotal.removeAll(keepingCapacity: true)
        nextLogFrequency.removeAll(keepingCapacity: true)
        stateCounts.append(UInt8(voiced.count + 1))
        let first = total.isEmpty
        for s in 0...voiced.count {
            let local: Double
            let logF: Double
            if s == 0 {
                local = tracker.voicingThreshold
                logF = 0
            } else {
                let c = voiced[s - 1]
                local = c.aperiodicity - tracker.octaveCost * log2(c.frequency / tracker.floorHz)
                logF = c.frequency > 0 ? log2(c.frequency) : 0
                voicedFrequency.append(c.frequency)
            }
            if first {
                nextTotal.append(local)
                back.append(0)
            } else {
                var best = Double.infinity
                var arg = 0
                let isVoiced = s != 0
                for p in total.indices {
                    let previousVoiced = p != 0
                    var cost = total[p]
                    if isVoiced && previousVoiced {
                        cost += tracker.jumpCost * abs(logF - logFrequency[p])
                    } else if isVoiced != previousVoiced {
                        cost += tracker.transitionCost
                    }
                    if cost < best {
                        best = cost
                        arg = p
                    }
                }
                nextTotal.append(best + local)
                back.append(UInt8(arg))
            }
            nextLogFrequency.append(logF)
        }
        swap(&total, &nextTotal)
        swap(&logFrequency, &nextLogFrequency)
    }

    /// The best path (F0 in Hz, `nil` unvoiced), short voiced runs removed.
    func finish() -> [Double?] {
        let count = stateCounts.count
        guard count > 0 else { return [] }
        var state = 0
        for s in total.indices where total[s] < total[state] { state = s }
        var path = [Double?](repeating: nil, count: count)
        // walk the flat arrays backwards: frame t's states end where frame t + 1's begin
        var stateEnd = back.count
        var voicedEnd = voicedFrequency.count
        var t = count - 1
        while true {
            let states = Int(stateCounts[t])
            let stateStart = stateEnd - states
            let voicedStart = voicedEnd - (states - 1)
            if state != 0 { path[t] = voicedFrequency[voicedStart + state - 1] }
            if t == 0 { break }
            state = Int(back[stateStart + state])
            stateEnd = stateStart
            voicedEnd = voicedStart
            t -= 1
        }
        return tracker.finished(path)
    }
}
