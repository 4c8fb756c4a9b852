import CSoxr

/// Owns one libsoxr stream converting mono Float32 from one sample rate to another.
///
/// Quality is `SOXR_HQ` (20-bit, passband to ~91 % of Nyquist, linear phase), far above what
/// speech analysis can notice. soxr is told to use exactly one thread: with OpenMP enabled it
/// could otherwise split work by `OMP_NUM_THREADS`, and savvy promises bit-identical samples for
/// the same file. Input is pushed block by block so the caller never holds the whole source.
final class Resampler {
    private let handle: OpaquePointer
    private let path: String
    let inputRate: Int
    let outputRate: Int
    private var scratch: [Float]

    /// - Parameters:
    ///   - path: the file being converted, only used in error messages.
    ///   - inputRate: source rate in Hz.
    ///   - outputRate: target rate in Hz.
    init(path: String, inputRate: Int, outputRate: Int) throws(AudioError) {
        self.path = path
        self.inputRate = inputRate
        self.outputRate = outputRate
        var error: soxr_error_t?
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        var runtime = soxr_runtime_spec(1)
        let created = soxr_create(Double(inputRate), Double(outputRate), 1, &error, &io, &quality, &runtime)
        guard let created, error == nil else {
            if let created { soxr_delete(created) }
            throw .resamplerFailed(
                path: path, fromRate: inputRate, toRate: outputRate,
                detail: error.map { String(cString: $0) } ?? "soxr_create returned no stream"
            )
        }
        handle = created
        scratch = []
    }

    deinit {
        soxr_delete(handle)
    }

    /// Converts `input` and appends every output sample soxr has ready to `output`.
    /// soxr keeps a filter delay internally; call `flush` after the last block.
    func process(_ input: UnsafeBufferPointer<Float>, appendingTo output: inout [Float]) throws(AudioError) {
        var offset = 0
        while offset < input.count {
            let remaining = input.count - offset
            let before = output.count
            let consumed = try run(input: input.baseAddress! + offset, count: remaining, appendingTo: &output)
            if consumed == 0 && output.count == before {
                // soxr neither took input nor gave output: calling again would spin forever.
                throw .resamplerFailed(
                    path: path, fromRate: inputRate, toRate: outputRate, detail: "the stream stopped accepting input"
                )
            }
            offset += consumed
        }
    }

    /// Drains the filter delay: appends the last output samples. Call once, after the last block.
    func flush(appendingTo output: inout [Float]) throws(AudioError) {
        while true {
            let before = output.count
            _ = try run(input: nil, count: 0, appendingTo: &output)
            if output.count == before { return }
        }
    }

    /// One `soxr_process` call; returns how many input samples soxr consumed.
    private func run(input: UnsafePointer<Float>?, count: Int, appendingTo output: inout [Float]) throws(AudioError) -> Int {
        let capacity = max(4096, Int((Double(count) * Double(outputRate) / Double(inputRate)).rounded(.up)) + 64)
        if scratch.count < capacity {
            scratch = [Float](repeating: 0, count: capacity)
        }
        var consumed = 0
        var produced = 0
        let error = scratch.withUnsafeMutableBufferPointer { out in
            soxr_process(handle, input, count, &consumed, out.baseAddress, capacity, &produced)
        }
        if let error {
            throw .resamplerFailed(path: path, fromRate: inputRate, toRate: outputRate, detail: String(cString: error))
        }
        output.append(contentsOf: scratch[0..<produced])
        return consumed
    }
}
