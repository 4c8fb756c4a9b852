import Foundation
import SavvyCoach

/// The LLM judgment cache lives in the session database, so `rescore` with the same tier
/// reproduces a judgment at no cost.
///
/// The cache is an optimisation: a read or write that fails (a locked or full database) is a
/// miss, never an error that would stop a score that has already been computed.
extension SessionStore: JudgmentCache {
    public func response(forKey key: String) -> Data? {
        (try? cachedResponse(key: key)) ?? nil
    }

    public func store(key: String, model: String, response: Data) {
        try? storeResponse(key: key, model: model, response: response)
    }
}
