import Dispatch

/// Two independent pieces of work run at the same time, on two threads, with both results
/// returned: for splitting a block's analysis (pitch candidates beside CPPS) when the caller may
/// use more than one core.
enum SideBySide {
    /// Runs `first` and `second` concurrently and returns their results. The two must not share
    /// mutable state; each result is written by its own closure only, so it is the same as
    /// running them one after the other.
    static func run<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        let results = Results<First, Second>()
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let parts = Parts(first: first, second: second)
                DispatchQueue.concurrentPerform(iterations: 2) { part in
                    if part == 0 {
                        results.first = parts.first()
                    } else {
                        results.second = parts.second()
                    }
                }
            }
        }
        guard let firstResult = results.first, let secondResult = results.second else {
            preconditionFailure("concurrentPerform returned before both parts ran")
        }
        return (firstResult, secondResult)
    }

    /// The two closures, handed to the worker threads (each runs on exactly one of them).
    private final class Parts<First, Second>: @unchecked Sendable {
        let first: () -> First
        let second: () -> Second
        init(first: @escaping () -> First, second: @escaping () -> Second) {
            self.first = first
            self.second = second
        }
    }

    /// Where the two threads put their results: each field is written by one thread, and read
    /// only after `concurrentPerform` has returned.
    private final class Results<First, Second>: @unchecked Sendable {
        var first: First?
        var second: Second?
    }
}
