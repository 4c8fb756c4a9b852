import COpenBLAS
import Foundation

/// The BERT encoder (embeddings, post-LayerNorm transformer layers) with mean pooling and L2
/// normalisation, as sentence-transformers runs all-MiniLM-L6-v2; the middle layer's output is
/// pooled the same way on the way (`SentenceVectors`).
///
/// Matrix products go through OpenBLAS `cblas_sgemm` on one thread, so every sum is done in one
/// fixed order and the same input gives the same bytes. The tokens of several sentences are
/// stacked as rows, each sentence starting on a fresh block of `blockRows` rows (its last block
/// padded with zero rows), and the dense layers multiply one block at a time. OpenBLAS picks its
/// kernels by the matrix size, so a product over a varying number of rows changed the last bits
/// of a row with its neighbours; and within one product a row's sums depend on where it falls in
/// the kernel's tiles (measured on AMD EPYC with the Haswell/Zen kernels, 64-row blocks shared by
/// several sentences: a sentence's vector moved by 1e-7 with what it was batched with). With
/// every block of one size and every sentence at the same place in its blocks, each row takes
/// the same path whatever else is in the batch. Attention runs over each sentence's own rows,
/// unpadded, so no mask is needed.
final class BertEncoder: @unchecked Sendable {
    /// Rows per dense-layer product: a multiple of the kernels' tile heights, and small, since
    /// each sentence (10–40 tokens) pads its last block: at 16 a 2-minute answer's 22 sentences
    /// stack about 1.4 times their tokens, at 64 about 3.5 times.
    static let blockRows = 16

    /// Where each sentence's rows start (multiples of `blockRows`) and the rows in all.
    static func layout(_ counts: [Int]) -> (starts: [Int], rows: Int) {
        var starts: [Int] = []
        var rows = 0
        for count in counts {
            starts.append(rows)
            rows += (count + blockRows - 1) / blockRows * blockRows
        }
        return (starts, rows)
    }

    /// `y = x · Wᵀ + b` for a weight stored `[out, in]` (PyTorch's `nn.Linear`).
    private struct Dense {
        private var blockRows: Int { BertEncoder.blockRows }
        var weight: [Float]
        var bias: [Float]
        var inputs: Int
        var outputs: Int

        init(_ file: SafetensorsFile, _ prefixes: [String], inputs: Int, outputs: [Int]) throws {
            // Several layers reading the same input (query, key, value) are stacked into one.
            var weight: [Float] = []
            var bias: [Float] = []
            for (prefix, count) in zip(prefixes, outputs) {
                weight += try file.floats(prefix + ".weight", shape: [count, inputs])
                bias += try file.floats(prefix + ".bias", shape: [count])
            }
            self.weight = weight
            self.bias = bias
            self.inputs = inputs
            self.outputs = outputs.reduce(0, +)
        }

        /// `rows × outputs` from `rows × inputs` (`rows` a multiple of `blockRows`, see
        /// `layout`), one `blockRows`-row product at a time.
        func apply(_ input: [Float], rows: Int) -> [Float] {
            precondition(rows % blockRows == 0, "rows (\(rows)) are not whole blocks of \(blockRows)")
            var output = [Float](repeating: 0, count: rows * outputs)
            input.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    for start in stride(from: 0, to: rows, by: blockRows) {
                        product(input.baseAddress! + start * inputs, output.baseAddress! + start * outputs)
                    }
                }
            }
            return output
        }

        /// One `blockRows × outputs` block of `x · Wᵀ + b`.
        private func product(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>) {
            for row in 0..<blockRows {
                for column in 0..<outputs { output[row * outputs + column] = bias[column] }
            }
            weight.withUnsafeBufferPointer { weight in
                cblas_sgemm(
                    CblasRowMajor, CblasNoTrans, CblasTrans, Int32(blockRows), Int32(outputs), Int32(inputs),
                    1, input, Int32(inputs), weight.baseAddress, Int32(inputs), 1, output, Int32(outputs))
            }
        }
    }

    private struct Norm {
        var gamma: [Float]
        var beta: [Float]

        init(_ file: SafetensorsFile, _ prefix: String, size: Int) throws {
            gamma = try file.floats(prefix + ".weight", shape: [size])
            beta = try file.floats(prefix + ".bias", shape: [size])
        }
    }

    private struct Layer {
        var queryKeyValue: Dense
        var attentionOutput: Dense
        var attentionNorm: Norm
        var intermediate: Dense
        var output: Dense
        var outputNorm: Norm
    }

    let configuration: BertConfiguration
    /// The kernel family OpenBLAS runs, e.g. "SkylakeX".
    static var blasCore: String { String(cString: savvy_openblas_core()) }
    private let wordEmbeddings: [Float]
    private let positionEmbeddings: [Float]
    private let tokenTypeEmbedding: [Float]
    private let embeddingNorm: Norm
    private let layers: [Layer]

    init(weights file: SafetensorsFile, configuration c: BertConfiguration) throws {
        savvy_openblas_single_thread()
        let h = c.hiddenSize
        // Checkpoints saved from `BertModel` name tensors bare; from a task model, under `bert.`.
        let root = file.entries["embeddings.word_embeddings.weight"] == nil && file.entries["bert.embeddings.word_embeddings.weight"] != nil ? "bert." : ""
        configuration = c
        wordEmbeddings = try file.floats(root + "embeddings.word_embeddings.weight", shape: [c.vocabularySize, h])
        positionEmbeddings = try file.floats(root + "embeddings.position_embeddings.weight", shape: [c.maximumPositions, h])
        // Single sentences are token type 0 throughout.
        tokenTypeEmbedding = Array(try file.floats(root + "embeddings.token_type_embeddings.weight", shape: [c.tokenTypes, h])[0..<h])
        embeddingNorm = try Norm(file, root + "embeddings.LayerNorm", size: h)
        layers = try (0..<c.layers).map { index in
            let p = root + "encoder.layer.\(index)."
            return Layer(
                queryKeyValue: try Dense(
                    file, [p + "attention.self.query", p + "attention.self.key", p + "attention.self.value"],
                    inputs: h, outputs: [h, h, h]),
                attentionOutput: try Dense(file, [p + "attention.output.dense"], inputs: h, outputs: [h]),
                attentionNorm: try Norm(file, p + "attention.output.LayerNorm", size: h),
                intermediate: try Dense(file, [p + "intermediate.dense"], inputs: h, outputs: [c.intermediateSize]),
                output: try Dense(file, [p + "output.dense"], inputs: c.intermediateSize, outputs: [h]),
                outputNorm: try Norm(file, p + "output.LayerNorm", size: h))
        }
    }

    /// The layer whose output is pooled as `SentenceVectors.middle`: the middle one (3 of
    /// all-MiniLM-L6-v2's 6). Layers 2–4 helped a sentence classifier about equally; the first
    /// layers see little context, the last are shaped towards the similarity objective.
    static func middleLayer(of layers: Int) -> Int { (layers + 1) / 2 }

    /// Both pooled vectors for sentences given as token ids (each with its `[CLS]` and `[SEP]`,
    /// at most `maximumSequenceLength` long).
    func embed(_ sentences: [[Int32]]) -> [SentenceVectors] {
        let h = configuration.hiddenSize
        let (starts, rows) = Self.layout(sentences.map(\.count))
        // Padding rows stay zero here; every later step is per row or per sentence, so what
        // they turn into never reaches a sentence's rows.
        var x = [Float](repeating: 0, count: rows * h)
        for (ids, first) in zip(sentences, starts) {
            for (position, id) in ids.enumerated() {
                let word = Int(id) * h
                let place = position * h
                let row = first + position
                for i in 0..<h {
                    x[row * h + i] = wordEmbeddings[word + i] + positionEmbeddings[place + i] + tokenTypeEmbedding[i]
                }
            }
        }
        layerNorm(&x, rows: rows, embeddingNorm)
        let middleLayer = Self.middleLayer(of: layers.count)
        var middle: [[Float]] = []
        for (index, layer) in layers.enumerated() {
            let context = attention(layer.queryKeyValue.apply(x, rows: rows), sentences: sentences, starts: starts)
            var attended = layer.attentionOutput.apply(context, rows: rows)
            for i in attended.indices { attended[i] += x[i] }
            layerNorm(&attended, rows: rows, layer.attentionNorm)
            var inner = layer.intermediate.apply(attended, rows: rows)
            for i in inner.indices { inner[i] = Self.gelu(inner[i]) }
            var output = layer.output.apply(inner, rows: rows)
            for i in output.indices { output[i] += attended[i] }
            layerNorm(&output, rows: rows, layer.outputNorm)
            x = output
            if index + 1 == middleLayer { middle = pool(x, sentences: sentences, starts: starts) }
        }
        return zip(pool(x, sentences: sentences, starts: starts), middle).map { SentenceVectors(embedding: $0, middle: $1) }
    }

    /// Multi-head self-attention over each sentence's own rows of the stacked `[Q | K | V]`.
    private func attention(_ qkv: [Float], sentences: [[Int32]], starts: [Int]) -> [Float] {
        let h = configuration.hiddenSize
        let d = configuration.headSize
        let stride = 3 * h
        let scale = 1 / Float(d).squareRoot()
        var context = [Float](repeating: 0, count: qkv.count / 3)
        let longest = sentences.map(\.count).max() ?? 0
        var scores = [Float](repeating: 0, count: longest * longest)
        qkv.withUnsafeBufferPointer { qkv in
            context.withUnsafeMutableBufferPointer { context in
                scores.withUnsafeMutableBufferPointer { scores in
                    for (sentence, first) in zip(sentences, starts) {
                        let n = sentence.count
                        let block = qkv.baseAddress! + first * stride
                        for head in 0..<configuration.heads {
                            let query = block + head * d
                            let key = block + h + head * d
                            let value = block + 2 * h + head * d
                            // scores = Q Kᵀ / √d, n × n
                            cblas_sgemm(
                                CblasRowMajor, CblasNoTrans, CblasTrans, Int32(n), Int32(n), Int32(d),
                                scale, query, Int32(stride), key, Int32(stride), 0, scores.baseAddress, Int32(n))
                            for r in 0..<n { Self.softmax(scores.baseAddress! + r * n, count: n) }
                            // context = softmax(scores) V, n × d, into this head's columns
                            cblas_sgemm(
                                CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(n), Int32(d), Int32(n),
                                1, scores.baseAddress, Int32(n), value, Int32(stride), 0,
                                context.baseAddress! + first * h + head * d, Int32(h))
                        }
                    }
                }
            }
        }
        return context
    }

    /// Mean over each sentence's token rows, then scaled to unit length; sums in `Double`.
    private func pool(_ x: [Float], sentences: [[Int32]], starts: [Int]) -> [[Float]] {
        let h = configuration.hiddenSize
        return zip(sentences, starts).map { sentence, first in
            var sum = [Double](repeating: 0, count: h)
            for row in first..<first + sentence.count {
                for i in 0..<h { sum[i] += Double(x[row * h + i]) }
            }
            let mean = sum.map { $0 / Double(sentence.count) }
            let norm = max(mean.reduce(0) { $0 + $1 * $1 }.squareRoot(), 1e-12)
            return mean.map { Float($0 / norm) }
        }
    }

    /// Per row: `(x − mean) / √(var + ε) · γ + β`, statistics in `Double`.
    private func layerNorm(_ x: inout [Float], rows: Int, _ norm: Norm) {
        let h = configuration.hiddenSize
        let epsilon = Double(configuration.layerNormEpsilon)
        x.withUnsafeMutableBufferPointer { x in
            for row in 0..<rows {
                let base = row * h
                var mean = 0.0
                for i in 0..<h { mean += Double(x[base + i]) }
                mean /= Double(h)
                var variance = 0.0
                for i in 0..<h {
                    let centred = Double(x[base + i]) - mean
                    variance += centred * centred
                }
                let scale = 1 / (variance / Double(h) + epsilon).squareRoot()
                for i in 0..<h {
                    x[base + i] = Float((Double(x[base + i]) - mean) * scale) * norm.gamma[i] + norm.beta[i]
                }
            }
        }
    }

    private static func softmax(_ row: UnsafeMutablePointer<Float>, count: Int) {
        var peak = -Float.infinity
        for i in 0..<count { peak = max(peak, row[i]) }
        var sum: Float = 0
        for i in 0..<count {
            row[i] = expf(row[i] - peak)
            sum += row[i]
        }
        for i in 0..<count { row[i] /= sum }
    }

    /// BERT's GELU, `x · Φ(x) = x/2 · (1 + erf(x/√2))`, with erf from Eigen's float rational
    /// approximation (`generic_fast_erf_float`: odd degree-13 over even degree-8 polynomial on
    /// [-4, 4], ±1 outside): within 4.2e-7 of the exact erf (measured over ±6), no `exp` or branch,
    /// so the loop vectorises; glibc's `erff` made GELU a third of the encoder's time.
    private static func gelu(_ x: Float) -> Float {
        let z = min(max(x * Float(0.5).squareRoot(), -4), 4)
        let z2 = z * z
        var p: Float = -2.72614225801306e-10
        p = p * z2 + 2.77068142495902e-08
        p = p * z2 - 2.10102402082508e-06
        p = p * z2 - 5.69250639462346e-05
        p = p * z2 - 7.34990630326855e-04
        p = p * z2 - 2.95459980854025e-03
        p = p * z2 - 1.60960333262415e-02
        var q: Float = -1.45660718464996e-05
        q = q * z2 - 2.13374055278905e-04
        q = q * z2 - 1.68282697438203e-03
        q = q * z2 - 7.37332916720468e-03
        q = q * z2 - 1.42647390514189e-02
        return 0.5 * x * (1 + z * p / q)
    }
}
