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
    ///
    /// `alongside`, when given, is one more task, taken before the items by whichever thread
    /// comes first (the analysis reads its next block there, beside this block's work).
    static func run(items: Int, workers: Int, alongside: (@Sendable () -> Void)? = nil,
                    _ body: @escaping @Sendable (_ worker: Int, _ item: Int) -> Void) {
        let first = alongside == nil ? 0 : 1
        let tasks = first + items
        guard tasks > 0 else { return }
        @Sendable func perform(_ worker: Int, _ task: Int) {
            if task < first { alongside?() } else { body(worker, task - first) }
        }
        let threads = min(max(1, workers), tasks)
        guard threads > 1 else {
            for task in 0..<tasks { perform(0, task) }
            return
        }
        let counter = Counter(limit: tasks)
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            while let task = counter.take() { perform(worker, task) }
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
