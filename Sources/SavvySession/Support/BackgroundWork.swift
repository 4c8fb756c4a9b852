import Foundation

/// A throwing piece of blocking work (pocketsphinx's C decoder) run on a thread of its own while
/// the caller does something else, then joined with `value()`.
///
/// A plain `Thread`, not a Swift concurrency task: blocking C calls must not hold one of the
/// pool's few threads. The semaphore orders the thread's write of the result before the caller's
/// read, which is what makes the unchecked `Sendable` sound.
final class BackgroundWork<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?

    /// Starts `work` at once on a thread named `name`.
    init(name: String, _ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            result = Result { try work() }
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Waits for the work to finish and returns its value, or throws its error. Call it once.
    func value() throws -> Value {
        done.wait()
        return try result!.get()
    }
}
