import Foundation
import SavvyTestSupport
import XCTest

@testable import SavvyASR

/// A kept pocketsphinx decoder (issue 13 item 3): loaded once per batch worker and used for every
/// file, it must give exactly what a freshly loaded decoder gives, and a freed decoder must give
/// back all its memory.
final class PocketSphinxWarmTests: XCTestCase {
    /// A, B, A on one transcriber (one kept decoder) equal the same clips on fresh transcribers,
    /// word, time and confidence, bit for bit; so do stretches decoded after other audio. Before
    /// the reset, B after A lost a word ("but" became "uh") and the second A differed in its
    /// confidences.
    func testIssue13_warmDecoderGivesWhatFreshDecodersGive() throws {
        // Short pieces keep the test quick: 8 s of one answer, the 9 s filler clip, 5 s of another.
        let a = Array(try AudioTools.load16k(PackagePaths.fixture("star-answer.wav")).prefix(128_000))
        let b = try AudioTools.load16k(PackagePaths.fixture("fillers.wav"))
        let c = Array(try AudioTools.load16k(PackagePaths.fixture("quiet-noisy.wav")).prefix(80_000))
        func fresh(_ samples: [Float]) throws -> [TranscriptWord] {
            try PocketSphinxTranscriber().transcribe(samples: samples, sampleRate: 16_000).words
        }
        let freshA = try fresh(a)
        let freshB = try fresh(b)
        let freshStretches = try PocketSphinxTranscriber().transcribe(stretches: 2, sampleRate: 16_000) { [c, b][$0] }
        XCTAssertFalse(freshA.isEmpty)
        XCTAssertFalse(freshB.isEmpty)

        let warm = try PocketSphinxTranscriber()
        XCTAssertEqual(try warm.transcribe(samples: a, sampleRate: 16_000).words, freshA, "A on a fresh-loaded decoder")
        XCTAssertEqual(try warm.transcribe(samples: b, sampleRate: 16_000).words, freshB, "B after A")
        XCTAssertEqual(try warm.transcribe(samples: a, sampleRate: 16_000).words, freshA, "A after B")
        XCTAssertEqual(try warm.transcribe(stretches: 2, sampleRate: 16_000) { [c, b][$0] }, freshStretches,
                       "stretches after A")
        XCTAssertEqual(try warm.transcribe(samples: b, sampleRate: 16_000).words, freshB, "B after stretches")
    }

    /// Two threads on one transcriber at once each get their own decoder and the fresh result:
    /// sphinxbase's dither drew from one process-wide random stream that each new decoder reseeded,
    /// so two decoders running together changed each other's input.
    func testIssue13_concurrentCallsGiveFreshResults() throws {
        let a = Array(try AudioTools.load16k(PackagePaths.fixture("star-answer.wav")).prefix(80_000))
        let b = Array(try AudioTools.load16k(PackagePaths.fixture("fillers.wav")).prefix(80_000))
        let expected = [
            try PocketSphinxTranscriber().transcribe(samples: a, sampleRate: 16_000).words,
            try PocketSphinxTranscriber().transcribe(samples: b, sampleRate: 16_000).words,
        ]
        let shared = try PocketSphinxTranscriber()
        let clips = [a, b]
        nonisolated(unsafe) var got: [[TranscriptWord]?] = [nil, nil, nil, nil]
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            got[index] = try? shared.transcribe(samples: clips[index % 2], sampleRate: 16_000).words
        }
        for index in 0..<4 {
            XCTAssertEqual(got[index], expected[index % 2], "call \(index)")
        }
    }

    /// A decoder with the filler boost gives back its memory when freed. The boost used to retain
    /// the base language model once too often (`ngram_model_set_init` retains what it is given):
    /// about 22 MB of heap, 46 MB resident, stayed after every decoder (measured with a C probe
    /// and valgrind). The language model's large blocks are their own mappings, so resident
    /// memory shows the leak; a freed one returns them.
    func testIssue13_freedDecodersGiveBackTheirMemory() throws {
        let configuration = PocketSphinxConfiguration()
        XCTAssertTrue(configuration.fillerBoost)
        func cycle() throws {
            let decoder = try PocketSphinxDecoder(configuration: configuration)
            _ = try decoder.decode([Int16](repeating: 0, count: 1_600))
        }
        // The first decoder loads what sphinxbase keeps for the whole process.
        try cycle()
        let before = try Self.residentBytes()
        let decoders = 3
        for _ in 0..<decoders { try cycle() }
        let grown = Double(try Self.residentBytes() - before) / Double(decoders)
        XCTAssertLessThan(grown, 8_000_000, "resident memory kept per freed decoder: \(Int(grown)) bytes")
    }

    /// Issue 13: freed decoders hand their heap back to the system. A decoder is thousands of
    /// small blocks; freed, they stayed resident inside glibc's heap, and `score` then put the
    /// sentence encoder's arrays on top of them (savvy's peak in a 2-hour score: 315 MB).
    /// `releaseDecoders()` trims the heap after freeing them.
    func testIssue13_releasedDecodersHandTheirHeapBack() throws {
        let speech = Array(try AudioTools.load16k(PackagePaths.fixture("star-answer.wav")).prefix(160_000))
        // What earlier tests freed is not this test's to count.
        Self.trimHeap()
        let before = try Self.residentBytes()
        let transcriber = try PocketSphinxTranscriber()
        XCTAssertFalse(try transcriber.transcribe(samples: speech, sampleRate: 16_000).words.isEmpty)
        let loaded = try Self.residentBytes()
        transcriber.releaseDecoders()
        let after = try Self.residentBytes()
        // Measured: 184 MB while loaded; kept after the release 120 MB untrimmed, 1–2 MB trimmed.
        let kept = Double(after - before) / Double(loaded - before)
        XCTAssertLessThan(kept, 0.1, "share of the decoder's memory still resident after its release: \(kept)")
    }

    /// glibc's `malloc_trim(0)`, found at run time (Swift's Glibc module does not declare it).
    private static func trimHeap() {
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
    }

    /// VmRSS of this process, bytes.
    private static func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ")[1])) * 1024
    }

    /// The dither generator is MT19937 as sphinxbase's `genrand` (Matsumoto and Nishimura's
    /// reference values: the first output for seed 1, and the 10 000th for seed 5489, which the
    /// C++ standard requires of `std::mt19937`); draws are the 32-bit outputs shifted right by one.
    func testDitherGeneratorIsMT19937() {
        var seedOne = PocketSphinxDither(seed: 1)
        XCTAssertEqual(seedOne.next31(), 1_791_095_845 >> 1)
        var standard = PocketSphinxDither(seed: 5489)
        for _ in 1..<10_000 { _ = standard.next31() }
        XCTAssertEqual(standard.next31(), 4_123_659_995 >> 1)
    }

    /// Dither adds 1 to about a quarter of the samples, in order, and wraps 32767 as C's int16 does.
    func testDitherAddsOneToAQuarterOfTheSamples() {
        var dither = PocketSphinxDither()
        var samples = [Int16](repeating: 0, count: 40_000)
        dither.apply(to: &samples)
        XCTAssertTrue(samples.allSatisfy { $0 == 0 || $0 == 1 })
        XCTAssertEqual(Double(samples.filter { $0 == 1 }.count) / 40_000, 0.25, accuracy: 0.01)
        var again = [Int16](repeating: 0, count: 40_000)
        var restarted = PocketSphinxDither()
        restarted.apply(to: &again)
        XCTAssertEqual(again, samples, "a restarted stream dithers the same samples")
        var top = [Int16](repeating: .max, count: 64)
        var fresh = PocketSphinxDither()
        fresh.apply(to: &top)
        XCTAssertTrue(top.contains(.min))
        XCTAssertTrue(top.allSatisfy { $0 == .max || $0 == .min })
    }
}
