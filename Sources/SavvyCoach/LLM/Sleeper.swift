import Foundation

/// Waits between retries; injectable so tests record delays instead of sleeping.
public protocol Sleeper: Sendable {
    func sleep(seconds: Double)
}

/// Sleeps the calling thread (the router runs off the cooperative pool).
public struct ThreadSleeper: Sleeper {
    public init() {}

    public func sleep(seconds: Double) {
        Thread.sleep(forTimeInterval: seconds)
    }
}
