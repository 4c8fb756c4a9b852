import Foundation
import SavvyDSP
import SavvyTestSupport
import XCTest

/// Issue 13 item 1: the analysis read block by block gives the whole-signal result bit for bit,
/// whatever the block length — including blocks shorter than a YIN frame, a CPPS window or the
/// resampler's filter, and block edges that fall anywhere in the 10 ms / 2 ms grids.
final class BlockwiseAnalysisTests: XCTestCase {
    /// Speech-like bursts with pauses in pink noise, a clipped stretch and a digital-silence
    /// tail: every stage (gate, Viterbi, VAD hysteresis, CPPS smoothing, clipping) has work.
    static let signal: [Float] = {
        let clean = SpeechLikeSignal(burstSeconds: 0.9, gapSeconds: [0.3, 1.2, 0.5, 2.0, 0.4], seed: 71)
        var samples = TestSignals.addingNoise(to: clean.samples, snrDB: 20, colour: .pink, seed: 72,
                                              referenceMask: clean.voicedMask)
        for i in 8_000..<8_400 { samples[i] = i % 2 == 0 ? 1 : -1 }
        return samples + TestSignals.silence(duration: 0.73)
    }()

    func testIssue13_blockLengthsGiveTheWholeSignalResult() throws {
        let source = SampleArray(Self.signal, sampleRate: 16_000)
        let whole = try DeliveryAnalyzer().analyze(source, blockSeconds: nil)
        XCTAssertEqual(whole, try DeliveryAnalyzer().analyze(samples: Self.signal, sampleRate: 16_000))
        XCTAssertNotNil(whole.voice)
        XCTAssertNotNil(whole.pitch)
        XCTAssertGreaterThan(whole.quality.clippingRatio, 0)
        for seconds in [0.037, 1, 7.3] {
            let blocks = try DeliveryAnalyzer().analyze(source, blockSeconds: seconds)
            XCTAssertEqual(blocks, whole, "block of \(seconds) s")
        }
    }

    /// Issue 13: several analysis threads give the one-thread result, whole or in blocks, and
    /// with CPPS off.
    func testIssue13_threadCountsGiveTheOneThreadResult() throws {
        let source = SampleArray(Self.signal, sampleRate: 16_000)
        var withoutCPPS = DeliveryConfiguration()
        withoutCPPS.computeCPPS = false
        for configuration in [DeliveryConfiguration(), withoutCPPS] {
            let one = try DeliveryAnalyzer(configuration: configuration, threads: 1).analyze(source, blockSeconds: nil)
            for threads in [2, 3, 8] {
                for seconds in [nil, 1, 7.3] as [Double?] {
                    let analyzer = try DeliveryAnalyzer(configuration: configuration, threads: threads)
                    XCTAssertEqual(try analyzer.analyze(source, blockSeconds: seconds), one,
                                   "\(threads) threads, blocks of \(seconds.map { "\($0) s" } ?? "the whole signal"), CPPS \(configuration.computeCPPS)")
                }
            }
        }
    }

    func testIssue13_blockLengthsAgreeWithoutCPPSAndOnShortInput() throws {
        var configuration = DeliveryConfiguration()
        configuration.computeCPPS = false
        let analyzer = try DeliveryAnalyzer(configuration: configuration)
        let source = SampleArray(Self.signal, sampleRate: 16_000)
        XCTAssertEqual(try analyzer.analyze(source, blockSeconds: 0.5), try analyzer.analyze(source, blockSeconds: nil))
        // shorter than one frame, and than one CPPS window
        for count in [100, 399, 401, 1_700] {
            let short = SampleArray(Array(Self.signal[20_000..<(20_000 + count)]), sampleRate: 16_000)
            XCTAssertEqual(try DeliveryAnalyzer().analyze(short, blockSeconds: 0.01),
                           try DeliveryAnalyzer().analyze(short, blockSeconds: nil), "\(count) samples")
        }
    }

    /// A NaN in a late block is reported at its own index, as the whole-signal check does.
    func testIssue13_nonFiniteSampleInALaterBlockIsNamed() throws {
        var samples = Self.signal
        samples[50_123] = .nan
        XCTAssertThrowsError(try DeliveryAnalyzer().analyze(SampleArray(samples, sampleRate: 16_000), blockSeconds: 0.5)) {
            XCTAssertEqual($0 as? DSPError, .nonFiniteSample(index: 50_123))
        }
    }

    /// A source of constant samples, with a NaN at `nanAt` and a read error for any range that
    /// reaches past `failsPast`.
    private struct ScriptedSource: SampleSource {
        struct ReadError: Error, Equatable {}
        let sampleRate = 16_000
        let sampleCount: Int
        let failsPast: Int
        var nanAt: Int?

        func samples(in range: Range<Int>) throws -> [Float] {
            if range.upperBound > failsPast { throw ReadError() }
            return range.map { $0 == nanAt ? .nan : 0.1 }
        }
    }

    /// Reads go through the source: a failing read surfaces as the source's own error.
    func testIssue13_sourceReadErrorsPropagate() {
        XCTAssertThrowsError(try DeliveryAnalyzer().analyze(ScriptedSource(sampleCount: 48_000, failsPast: 30_000),
                                                            blockSeconds: 1)) {
            XCTAssertEqual($0 as? ScriptedSource.ReadError, ScriptedSource.ReadError())
        }
    }

    /// Each pass reads the next block beside the current one's work; what a block throws must
    /// still come before what a later block's read throws, at any thread count.
    func testIssue13_aBlocksOwnErrorComesBeforeTheNextBlocksReadError() throws {
        let source = ScriptedSource(sampleCount: 64_000, failsPast: 40_000, nanAt: 5_000)
        for threads in [1, 2, 3] {
            XCTAssertThrowsError(try DeliveryAnalyzer(threads: threads).analyze(source, blockSeconds: 1)) {
                XCTAssertEqual($0 as? DSPError, .nonFiniteSample(index: 5_000), "\(threads) threads")
            }
        }
    }
}
