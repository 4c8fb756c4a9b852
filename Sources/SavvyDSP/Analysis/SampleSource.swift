/// Random access to one recording's 16 kHz mono samples, so the analysis reads the stretch each
/// block needs instead of holding the whole signal.
///
/// A two-hour file is 115 M samples (460 MB as Float, 920 MB as Double); read in blocks, the
/// analysis keeps only its per-frame tracks (≈ 40 bytes per 10 ms frame). Reads must return the
/// same values every time for the same range: the analysis reads the signal more than once and
/// overlapping ranges at block edges, and it reads the next block on a worker thread while
/// the current one is analysed.
public protocol SampleSource: Sendable {
    /// Samples per second (the analysis accepts only 16 000).
    var sampleRate: Int { get }
    /// Number of samples in the recording.
    var sampleCount: Int { get }
    /// The samples `range` (within `0..<sampleCount`), in order.
    func samples(in range: Range<Int>) throws -> [Float]
}
