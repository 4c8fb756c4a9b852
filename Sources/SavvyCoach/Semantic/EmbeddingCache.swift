import Foundation
import SavvySemantic

/// Remembers the vectors of texts that recur between answers — a drill's exemplars, purpose
/// lines and prompt bank — so a batch, or the several embeds of one answer, computes them once.
/// Bounded: cleared when it would pass `capacity` entries.
final class EmbeddingCache: SentenceEmbedding, @unchecked Sendable {
    /// Entries kept before the cache is cleared (a few drills' worth of fixed texts; an entry
    /// holds both of a text's vectors, about 3 KB for MiniLM).
    static let capacity = 4096

    private let base: any SentenceEmbedding
    private let lock = NSLock()
    private var entries: [String: SentenceVectors] = [:]

    init(_ base: any SentenceEmbedding) {
        self.base = base
    }

    var modelID: String { base.modelID }

    func vectors(_ sentences: [String]) throws -> [SentenceVectors] {
        lock.lock()
        var known: [String: SentenceVectors] = [:]
        for sentence in sentences { known[sentence] = entries[sentence] }
        lock.unlock()
        // Embedding runs outside the lock; a sentence's vectors do not depend on the others.
        let missing = Array(Set(sentences.filter { known[$0] == nil })).sorted()
        let fresh = missing.isEmpty ? [] : try base.vectors(missing)
        for (sentence, vectors) in zip(missing, fresh) { known[sentence] = vectors }
        lock.lock()
        if entries.count + missing.count > Self.capacity { entries.removeAll() }
        for (sentence, vectors) in zip(missing, fresh) { entries[sentence] = vectors }
        lock.unlock()
        return sentences.compactMap { known[$0] }
    }
}
