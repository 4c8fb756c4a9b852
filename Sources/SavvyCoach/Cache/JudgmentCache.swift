import Foundation

/// Where validated model answers are kept so a rescore with the same tier costs nothing and
/// reproduces the same judgment. SavvyStore implements it over SQLite.
///
/// Failures are the cache's own business: a miss or a failed store must never fail scoring.
public protocol JudgmentCache {
    /// The stored raw answer (the model's JSON content) for `key`, or nil.
    func response(forKey key: String) -> Data?
    /// Keeps `response` for `key`; `model` is stored alongside for inspection.
    func store(key: String, model: String, response: Data)
}
