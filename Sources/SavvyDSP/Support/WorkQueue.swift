import Dispatch
import Foundation

/// Independent work items run on a fixed number of threads, each thread taking the next item
/// from one shared counter until none is left (a core slowed by other work takes fewer items).
///
/// Only the schedule depends on the threads: callers make every item write its own slice of the
/// output and sum nothing across items, so the result is the same, bit for bit, for any thread
/// count. One flat queue, not one `concurrentPerform` inside another: a nested
/// `concurrentPerform` runs on the calling thread only, so two levels of parallel work would
/// leave the second core idle.
enum WorkQueue {
    /// Calls `body(worker, item)` once for every item in `0..<items`, on `min(workers, items)`
    /// threads (the calling thread alone for one); `worker` is in `0..<workers` and no two calls
    /// with the same `worker` run at once, so per-worker state (buffers, analysers) needs no lock.
    /// Items are taken in ascending order: put the longest first for an even finish.
    static func run(items: Int, workers: Int, _ body: @escaping @Sendable (_ worker: Int, _ item: Int) -> Void) {
        guard items > 0 else { return }
        let threads = min(max(1, workers), items)
        guard threads > 1 else {
            for item in 0..<items { body(0, item) }
            return
        }
        let counter = Counter(limit: items)
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            while let item = counter.take() { body(worker, item) }
        }
    }

    /// The next item number, behind a lock: the only state the threads share.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let limit: Int

        init(limit: Int) { self.limit = limit }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < limit else { return nil }
            next += 1
            return next - 1
        }
    }
}
