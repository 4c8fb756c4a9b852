import Foundation
import SavvyASR

/// Runs `count` independent items on `jobs` plain threads and returns results in input order.
///
/// Plain threads, not Swift concurrency: the work blocks in C (pocketsphinx, libcurl) and must
/// not occupy the two-thread cooperative pool. Each worker keeps its own transcriber, because
/// engines hold per-process state (the Whisper worker) that must not be shared.
public enum BatchRunner {
    public final class Worker: @unchecked Sendable {
        private var selection: TranscriberSelection?

        public func transcriber(_ make: () throws -> TranscriberSelection) throws -> TranscriberSelection {
            if let selection { return selection }
            let made = try make()
            selection = made
            return made
        }
    }

    public static func run<T>(count: Int, jobs: Int, _ body: @escaping @Sendable (Int, Worker) -> T) -> [T] {
        let lock = NSLock()
        nonisolated(unsafe) var results = [T?](repeating: nil, count: count)
        nonisolated(unsafe) var next = 0
        let group = DispatchGroup()
        for _ in 0..<max(1, jobs) {
            group.enter()
            let worker = Worker()
            Thread.detachNewThread {
                while true {
                    lock.lock()
                    let index = next
                    next += 1
                    lock.unlock()
                    guard index < count else { break }
                    let result = body(index, worker)
                    lock.lock()
                    results[index] = result
                    lock.unlock()
                }
                group.leave()
            }
        }
        group.wait()
        return results.map { $0! }
    }
}
