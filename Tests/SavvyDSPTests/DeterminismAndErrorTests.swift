import Foundation
import SavvyDSP
import SavvyTestSupport
import XCTest

final class DeterminismAndErrorTests: XCTestCase {
    func testTwoRunsAreBitIdentical() throws {
        let clean = SpeechLikeSignal(burstSeconds: 0.8, gapSeconds: [0.4, 1.1], seed: 40)
        let samples = TestSignals.addingNoise(to: clean.samples, snrDB: 15, colour: .pink, seed: 41,
                                              referenceMask: clean.voicedMask)
        let first = try DeliveryAnalyzer().analyze(samples: samples, sampleRate: 16_000)
        let second = try DeliveryAnalyzer().analyze(samples: samples, sampleRate: 16_000)
        XCTAssertEqual(first, second)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        XCTAssertEqual(try encoder.encode(first), try encoder.encode(second))
        XCTAssertEqual(first.metricsVersion, DeliveryAnalysis.metricsVersion)
        let decoded = try JSONDecoder().decode(DeliveryAnalysis.self, from: try encoder.encode(first))
        XCTAssertEqual(decoded.activity, first.activity)
    }

    func testConcurrentAnalysesAgree() throws {
        let signal = SpeechLikeSignal(burstSeconds: 0.5, gapSeconds: [0.3], seed: 50).samples
        let reference = try DeliveryAnalyzer().analyze(samples: signal, sampleRate: 16_000)
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let r = try? DeliveryAnalyzer().analyze(samples: signal, sampleRate: 16_000)
            results.append(r)
        }
        XCTAssertEqual(results.values.count, 4)
        for r in results.values { XCTAssertEqual(r, reference) }
    }

    func testErrorTable() {
        var lowFloor = DeliveryConfiguration()
        lowFloor.pitchFloorHz = 10
        var invertedRange = DeliveryConfiguration()
        invertedRange.pitchCeilingHz = 80
        var badPauses = DeliveryConfiguration()
        badPauses.longPauseSeconds = 0.1
        let tone = TestSignals.sine(frequency: 200, amplitude: 0.1, duration: 0.2)
        var withNaN = tone
        withNaN[17] = .nan
        let cases: [(id: String, configuration: DeliveryConfiguration, samples: [Float], rate: Int,
                     expected: DSPError, mentions: String)] = [
            ("E1-rate-44100", .init(), tone, 44_100, .unsupportedSampleRate(44_100), "44100 Hz"),
            ("E2-rate-8000", .init(), tone, 8_000, .unsupportedSampleRate(8_000), "resample"),
            ("E3-empty", .init(), [], 16_000, .emptyInput, "empty"),
            ("E4-nan", .init(), withNaN, 16_000, .nonFiniteSample(index: 17), "sample 17"),
            ("E5-floor", lowFloor, tone, 16_000,
             .invalidConfiguration(parameter: "pitchFloorHz", value: 10, rule: "must be at least 30 Hz"), "pitchFloorHz"),
            ("E6-ceiling", invertedRange, tone, 16_000,
             .invalidConfiguration(parameter: "pitchCeilingHz", value: 80,
                                   rule: "must exceed 1.5 × pitchFloorHz (75.0 Hz)"), "pitchCeilingHz"),
            ("E7-pauses", badPauses, tone, 16_000,
             .invalidConfiguration(parameter: "longPauseSeconds", value: 0.1,
                                   rule: "must be at least minimumPauseSeconds (0.25 s)"), "longPauseSeconds"),
        ]
        for c in cases {
            do {
                _ = try DeliveryAnalyzer(configuration: c.configuration).analyze(samples: c.samples, sampleRate: c.rate)
                XCTFail("\(c.id): expected \(c.expected)")
            } catch {
                XCTAssertEqual(error, c.expected, c.id)
                let message = error.errorDescription ?? ""
                XCTAssertEqual(message.first.map { String($0) }, message.first.map { $0.lowercased() },
                               "\(c.id): message starts lower-case")
                XCTAssertFalse(message.hasSuffix("."), "\(c.id): no trailing period")
                XCTAssertFalse(message.contains("\n"), "\(c.id): one line")
                XCTAssertTrue(message.contains(c.mentions), "\(c.id): '\(message)' names '\(c.mentions)'")
            }
        }
    }
}

/// Collects results from concurrent closures.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [DeliveryAnalysis] = []
    func append(_ value: DeliveryAnalysis?) {
        guard let value else { return }
        lock.lock()
        storage.append(value)
        lock.unlock()
    }
    var values: [DeliveryAnalysis] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
