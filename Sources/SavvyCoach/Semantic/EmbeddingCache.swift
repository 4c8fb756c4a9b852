import Foundation

/// Remembers the vectors of texts that recur between answers — a drill's exemplars, purpose
/// lines and prompt bank — so a batch, or the several embeds of one answer, computes them once.
/// Bounded: cleared when it would pass `capacity` entries.
final class EmbeddingCache: SentenceEmbedding, @unchecked Sendable {
    /// Entries kept before the cache is cleared (a few drills' worth of fixed texts).
    static let capacity = 4096

    private let base: any SentenceEmbedding
    private let lock = NSLock()
    private var vectors: [String: [Float]] = [:]

    init(_ base: any SentenceEmbedding) {
        self.base = base
    }

    var modelID: String { base.modelID }

    func embed(_ sentences: [String]) throws -> [[Float]] {
        lock.lock()
        var known: [String: [Float]] = [:]
        for sentence in sentences { known[sentence] = vectors[sentence] }
        lock.unlock()
        // Embedding runs outside the lock; a sentence's vector does not depend on the others.
        let missing = Array(Set(sentences.filter { known[$0] == nil })).sorted()
        let fresh = missing.isEmpty ? [] : try base.embed(missing)
        for (sentence, vector) in zip(missing, fresh) { known[sentence] = vector }
        lock.lock()
        if vectors.count + missing.count > Self.capacity { vectors.removeAll() }
        for (sentence, vector) in zip(missing, fresh) { vectors[sentence] = vector }
        lock.unlock()
        return sentences.compactMap { known[$0] }
    }
}
