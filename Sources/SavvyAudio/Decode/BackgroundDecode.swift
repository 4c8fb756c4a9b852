import Foundation

/// `AudioFile.decode` on a thread of its own, so a caller can work on the first samples while
/// the rest are decoded: the delivery analysis starts on the opening blocks of a recording
/// instead of waiting for the whole file (issue 13: on two cores the decode was the one serial
/// stretch left, about a tenth of `analyze` on 600 s).
///
/// The header is checked before ``start(path:displayPath:maxDuration:folder:)`` returns, so a
/// missing, unreadable, empty or too long file fails there, as `decode` fails; errors met while
/// decoding (a cut FLAC, a full disk) come out of ``finish()`` and of any read that waits for
/// samples the decode never wrote. The samples are exactly those `decode` and `load` give (the
/// same code, one soxr stream, in order); only the moment they are ready differs.
public final class BackgroundDecode: @unchecked Sendable {
    // State shared with the decode thread is guarded by `condition`: `finished` and `failure`
    // are written once under it. The spool keeps its own count under its own lock; the decode
    // thread broadcasts under `condition` after each append, so a reader that saw too few samples
    // while holding it cannot miss the wake-up.
    private let spool: SampleSpool
    private let condition = NSCondition()
    private var finished = false
    private var failure: AudioError?

    /// What the file is, from its header.
    public let source: AudioFileInfo

    /// The number of 16 kHz samples the decode will give, computed from the header
    /// (`AudioFile.PreparedDecode.expectedSampleCount`). A header can be wrong about its frames,
    /// so a caller that relies on it compares it with ``finish()``'s
    /// ``DecodedAudioFile/sampleCount``.
    public let expectedSampleCount: Int

    private init(spool: SampleSpool, prepared: AudioFile.PreparedDecode) {
        self.spool = spool
        source = prepared.info
        expectedSampleCount = prepared.expectedSampleCount
    }

    /// Checks `path`'s header and starts decoding it to 16 kHz mono in a private temporary file
    /// in `folder`, on a new thread. Throws what `AudioFile.decode` throws before it decodes.
    public static func start(path readPath: String, displayPath: String? = nil,
                             maxDuration: Double? = AudioFile.defaultMaxDuration,
                             folder: String = FileManager.default.temporaryDirectory.path) throws(AudioError) -> BackgroundDecode {
        let prepared = try AudioFile.prepare(path: readPath, displayPath: displayPath, maxDuration: maxDuration)
        let spool = try SampleSpool(path: prepared.path, folder: folder)
        let decode = BackgroundDecode(spool: spool, prepared: prepared)
        let thread = Thread { decode.run(prepared) }
        thread.name = "savvy-decode"
        thread.start()
        return decode
    }

    private func run(_ prepared: AudioFile.PreparedDecode) {
        var failure: AudioError?
        do {
            try prepared.pump { block throws(AudioError) in
                try spool.append(block)
                condition.lock()
                condition.broadcast()
                condition.unlock()
            }
        } catch {
            failure = error
        }
        condition.lock()
        self.failure = failure
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The samples `range`, once the decode has written them (waiting until then). `nil` when
    /// the decode ended without reaching `range.upperBound`: the file holds fewer samples than
    /// asked for. Throws the decode's error when it failed before writing them.
    public func samples(in range: Range<Int>) throws(AudioError) -> [Float]? {
        condition.lock()
        while spool.count < range.upperBound && !finished { condition.wait() }
        let reached = spool.count >= range.upperBound
        let failure = self.failure
        condition.unlock()
        if reached { return try spool.read(range) }
        if let failure { throw failure }
        return nil
    }

    /// Waits for the decode to end; the decoded file, or the error that stopped the decode.
    public func finish() throws(AudioError) -> DecodedAudioFile {
        condition.lock()
        while !finished { condition.wait() }
        let failure = self.failure
        condition.unlock()
        if let failure { throw failure }
        return DecodedAudioFile(spool: spool, source: source)
    }
}
