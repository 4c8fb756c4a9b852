import Foundation
@testable import SavvyCoach

/// Records retry waits instead of sleeping.
final class RecordingSleeper: Sleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Double] = []

    var delays: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return waits
    }

    func sleep(seconds: Double) {
        lock.lock()
        waits.append(seconds)
        lock.unlock()
    }
}

/// A dictionary-backed judgment cache (the SQLite one lives in SavvyStore).
final class MemoryJudgmentCache: JudgmentCache {
    private(set) var entries: [String: (model: String, response: Data)] = [:]

    func response(forKey key: String) -> Data? { entries[key]?.response }

    func store(key: String, model: String, response: Data) {
        entries[key] = (model, response)
    }
}
