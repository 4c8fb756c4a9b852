import Foundation

/// A lock-protected, fixed-capacity FIFO of mono samples between the ALSA reader thread and
/// whoever drains it (the CLI writing a WAV, a level meter).
///
/// When the consumer falls behind and the buffer is full, new samples are dropped and counted
/// rather than overwriting old ones: the audio kept is then one contiguous stretch from the
/// start, and `droppedFrames` tells the caller the recording is incomplete.
final class CaptureBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Float]
    private var readIndex = 0
    private var count = 0
    private var dropped: Int64 = 0

    /// - Parameter capacity: samples held at most (≥ 1).
    init(capacity: Int) {
        storage = [Float](repeating: 0, count: max(1, capacity))
    }

    /// Samples that did not fit since the buffer was created.
    var droppedFrames: Int64 {
        lock.withLock { dropped }
    }

    /// Appends as many of `samples` as fit; counts the rest as dropped.
    func write(_ samples: [Float]) {
        lock.withLock {
            let capacity = storage.count
            let accepted = min(samples.count, capacity - count)
            var writeIndex = (readIndex + count) % capacity
            for index in 0..<accepted {
                storage[writeIndex] = samples[index]
                writeIndex += 1
                if writeIndex == capacity { writeIndex = 0 }
            }
            count += accepted
            dropped += Int64(samples.count - accepted)
        }
    }

    /// Removes and returns every buffered sample, oldest first.
    func drain() -> [Float] {
        lock.withLock {
            var result = [Float]()
            result.reserveCapacity(count)
            let capacity = storage.count
            for offset in 0..<count {
                result.append(storage[(readIndex + offset) % capacity])
            }
            readIndex = (readIndex + count) % capacity
            count = 0
            return result
        }
    }
}
