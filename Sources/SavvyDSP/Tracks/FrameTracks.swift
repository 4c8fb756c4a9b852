/// Per-frame analysis tracks on the common 10 ms grid.
///
/// Frame `i` covers samples `[i·hop, i·hop + frameLength)` of the 16 kHz mono signal, so its
/// centre is at `(i·hop + frameLength/2) / sampleRate` seconds. Every array has `count` entries.
/// Unvoiced frames carry `nil` pitch, never 0.
public struct FrameTracks: Sendable, Equatable, Codable {
    /// Sample rate of the analysed signal in Hz (16 000 in savvy).
    public var sampleRate: Int
    /// Hop between frames in samples (160 = 10 ms).
    public var hop: Int
    /// Analysis window in samples (400 = 25 ms).
    public var frameLength: Int
    /// Fundamental frequency in Hz, `nil` where the frame is unvoiced.
    public var f0: [Double?]
    /// Frame RMS in dBFS (full-scale sine = −3.01 dB); silence is floored at −120 dB.
    public var rmsDB: [Double]
    /// Frame is active speech according to the adaptive VAD.
    public var active: [Bool]
    /// Praat-compatible CPPS (dB) resampled to this grid, `nil` where not computed.
    public var cpps: [Double?]

    public init(sampleRate: Int, hop: Int, frameLength: Int, f0: [Double?], rmsDB: [Double],
                active: [Bool], cpps: [Double?]) {
        self.sampleRate = sampleRate
        self.hop = hop
        self.frameLength = frameLength
        self.f0 = f0
        self.rmsDB = rmsDB
        self.active = active
        self.cpps = cpps
    }

    public var count: Int { rmsDB.count }

    /// Centre time of frame `i` in seconds.
    public func time(ofFrame i: Int) -> Double {
        (Double(i * hop) + Double(frameLength) / 2) / Double(sampleRate)
    }

    public func isVoiced(_ i: Int) -> Bool { f0[i] != nil }
}

/// A stretch of time in seconds, `start < end`.
public struct TimeSpan: Sendable, Equatable, Hashable, Codable {
    public var start: Double
    public var end: Double
    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }
    public var duration: Double { end - start }
    public func overlaps(_ other: TimeSpan) -> Bool { start < other.end && other.start < end }
}
