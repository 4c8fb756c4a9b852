import Foundation

/// A provisional transcript while recording, from pocketsphinx's incremental decoding.
///
/// Blocks are handed over with `feed` from any thread (the capture thread) and decoded on a
/// thread of this object's own, so a slow decode never stalls capture; `partial` is the latest
/// best hypothesis. The text is for display only — the stored transcript comes from decoding
/// the finished recording with the selected engine.
public final class LiveTranscriber: @unchecked Sendable {
    private let decoder: PocketSphinxDecoder
    private let condition = NSCondition()
    private var queue: [[Float]] = []
    private var latest: String?
    private var finished = false
    private var done = false

    public init(configuration: PocketSphinxConfiguration = PocketSphinxConfiguration()) throws {
        try configuration.validate()
        decoder = try PocketSphinxDecoder(configuration: configuration)
        try decoder.startLive()
        let thread = Thread { [self] in run() }
        thread.name = "savvy-live-asr"
        thread.start()
    }

    /// Queues one block of 16 kHz mono samples.
    public func feed(_ samples: [Float]) {
        condition.lock()
        if !finished { queue.append(samples) }
        condition.signal()
        condition.unlock()
    }

    /// The newest provisional text, lower-case words without fillers' markup.
    public var partial: String? {
        condition.lock()
        defer { condition.unlock() }
        return latest
    }

    /// Stops decoding and waits for the worker to end the utterance.
    public func finish() {
        condition.lock()
        finished = true
        condition.signal()
        while !done { condition.wait() }
        condition.unlock()
    }

    deinit {
        finish()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !finished { condition.wait() }
            if finished {
                queue.removeAll()
                condition.unlock()
                break
            }
            // Decode everything queued at once: when decoding falls behind, fewer, larger
            // calls catch up faster than many small ones.
            let blocks = queue
            queue.removeAll()
            condition.unlock()
            let pcm = blocks.joined().map { Int16((max(-1, min(1, $0)) * 32767).rounded()) }
            let text = decoder.processLive(pcm).map(Self.clean)
            condition.lock()
            if let text, !text.isEmpty { latest = text }
            condition.unlock()
        }
        decoder.endLive()
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }

    /// Drops pronunciation variants ("word(2)") and noise tokens from a hypothesis string.
    static func clean(_ hypothesis: String) -> String {
        hypothesis.split(separator: " ").compactMap { PocketSphinxDecoder.normalise(String($0)) }.joined(separator: " ")
    }
}
