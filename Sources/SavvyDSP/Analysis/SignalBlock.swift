/// A stretch of a longer signal, as Double: `values[i]` is sample `start + i` of a signal of
/// `totalCount` samples.
///
/// The frame-local analyses (RMS, YIN, the CPPS resampler and cepstrum) read their frames
/// through a block so they compute exactly what they would on the whole signal: indices outside
/// `0..<totalCount` read as zero, as at the file edges, and the interior/edge decisions use
/// `totalCount`, never the block's own length.
struct SignalBlock {
    /// Index of `values[0]` in the whole signal.
    let start: Int
    let values: [Double]
    /// Length of the whole signal, samples.
    let totalCount: Int

    /// One past the last sample held.
    var end: Int { start + values.count }

    /// Sample `index` of the whole signal: zero outside it; the block must hold every index
    /// inside it that is read.
    @inline(__always)
    func value(at index: Int) -> Double {
        guard index >= 0 && index < totalCount else { return 0 }
        return values[index - start]
    }
}
