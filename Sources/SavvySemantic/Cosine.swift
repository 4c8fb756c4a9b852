/// Cosine similarity of two vectors of the same length (the dot product when both are unit
/// length, as `SentenceEncoder` returns them); 0 when either is all zeros or the lengths differ.
public func cosine(_ a: [Float], _ b: [Float]) -> Float {
    guard a.count == b.count, !a.isEmpty else { return 0 }
    var dot = 0.0
    var normA = 0.0
    var normB = 0.0
    for i in a.indices {
        dot += Double(a[i]) * Double(b[i])
        normA += Double(a[i]) * Double(a[i])
        normB += Double(b[i]) * Double(b[i])
    }
    guard normA > 0, normB > 0 else { return 0 }
    return Float(dot / (normA * normB).squareRoot())
}
