import Foundation
import XCTest
@testable import SavvyAudio

final class AudioFileTests: XCTestCase {
    private struct Sidecar: Decodable {
        let sampleRate: Int
        let durationSeconds: Double
        let words: Int
    }

    private func sidecar(_ name: String) throws -> Sidecar {
        try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture(name))))
    }

    func testSixteenKilohertzWavIsCopiedWithoutResampling() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let samples: [Int16] = [0, 1, -1, 32_767, -32_768, 12_345, -4_321, 100]
        let path = folder.appendingPathComponent("exact.wav").path
        try TestFiles.wavBytes(interleaved: samples, channels: 1, sampleRate: 16_000).write(to: URL(fileURLWithPath: path))

        let decoded = try AudioFile.load(path: path)

        XCTAssertEqual(decoded.samples, samples.map { Float($0) / 32_768 })
        XCTAssertEqual(decoded.sampleRate, 16_000)
        XCTAssertEqual(decoded.source.frames, Int64(samples.count))
        XCTAssertEqual(decoded.source.channels, 1)
        XCTAssertTrue(decoded.source.formatName.hasPrefix("WAV"), decoded.source.formatName)
        XCTAssertEqual(decoded.source.encodingName, "Signed 16 bit PCM")
    }

    func testStarAnswerFixtureMatchesItsSidecar() throws {
        let expected = try sidecar("star-answer.json")
        let decoded = try AudioFile.load(path: TestFiles.fixture("star-answer.wav"))

        XCTAssertEqual(decoded.source.sampleRate, expected.sampleRate)
        XCTAssertEqual(decoded.durationSeconds, expected.durationSeconds, accuracy: 0.0001)
        XCTAssertEqual(decoded.source.durationSeconds, decoded.durationSeconds)
        XCTAssertGreaterThan(expected.words, 0)
        XCTAssertTrue(decoded.samples.allSatisfy { $0 >= -1 && $0 <= 1 })
    }

    func testStereo44kFlacDecodesToTheSameSpeechAsTheMonoWav() throws {
        let mono = try AudioFile.load(path: TestFiles.fixture("star-answer.wav"))
        let stereo = try AudioFile.load(path: TestFiles.fixture("stereo-44k.flac"))

        XCTAssertEqual(stereo.source.channels, 2)
        XCTAssertEqual(stereo.source.sampleRate, 44_100)
        XCTAssertTrue(stereo.source.formatName.hasPrefix("FLAC"), stereo.source.formatName)
        XCTAssertEqual(stereo.sampleRate, 16_000)
        XCTAssertEqual(stereo.durationSeconds, mono.durationSeconds, accuracy: 0.001)

        // The fixture's right channel is the left at half amplitude, so the channel average is
        // 0.75 × the mono speech; the least-squares gain and the correlation check both the
        // downmix and that the 16k→44.1k→16k round trip kept the waveform aligned.
        let count = min(mono.samples.count, stereo.samples.count)
        var cross = 0.0, monoEnergy = 0.0, stereoEnergy = 0.0
        for index in 0..<count {
            let x = Double(mono.samples[index]), y = Double(stereo.samples[index])
            cross += x * y
            monoEnergy += x * x
            stereoEnergy += y * y
        }
        XCTAssertEqual(cross / monoEnergy, 0.75, accuracy: 0.01)
        XCTAssertGreaterThan(cross / (monoEnergy * stereoEnergy).squareRoot(), 0.99)
    }

    func testDecodingIsBitIdenticalAcrossRuns() throws {
        let first = try AudioFile.load(path: TestFiles.fixture("stereo-44k.flac"))
        let second = try AudioFile.load(path: TestFiles.fixture("stereo-44k.flac"))
        XCTAssertEqual(first.samples.count, second.samples.count)
        XCTAssertTrue(first.samples.withUnsafeBytes { a in second.samples.withUnsafeBytes { b in a.elementsEqual(b) } })
    }

    func testResampledSineKeepsItsFrequencyLengthAndLevel() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let cases: [(id: String, rate: Int, frequency: Double)] = [
            ("8k-300", 8_000, 300), ("22k-1k", 22_050, 1_000), ("44k-440", 44_100, 440),
            ("44k-5k", 44_100, 5_000), ("48k-1k", 48_000, 1_000), ("96k-3k", 96_000, 3_000),
        ]
        for testCase in cases {
            let seconds = 2.0
            let path = folder.appendingPathComponent("\(testCase.id).wav").path
            let source = TestFiles.sine(frequency: testCase.frequency, sampleRate: testCase.rate, count: Int(seconds * Double(testCase.rate)))
            try WAVWriter.writeAtomically(source, to: path, sampleRate: testCase.rate, encoding: .float32)

            let decoded = try AudioFile.load(path: path)

            XCTAssertEqual(decoded.durationSeconds, seconds, accuracy: 0.001, testCase.id)
            let measured = TestFiles.zeroCrossingFrequency(decoded.samples, sampleRate: decoded.sampleRate)
            XCTAssertEqual(measured, testCase.frequency, accuracy: testCase.frequency * 0.0005, testCase.id)
            let middle = decoded.samples[1_600..<(decoded.samples.count - 1_600)]
            let rms = (middle.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(middle.count)).squareRoot()
            XCTAssertEqual(rms, 0.5 / 2.0.squareRoot(), accuracy: 0.005, testCase.id)
        }
    }

    func testChannelsAreAveraged() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("three.wav").path
        // Three channels holding 0.5, −0.25 and 0.125 of full scale: the average is 0.125.
        let frame: [Int16] = [16_384, -8_192, 4_096]
        let interleaved = Array(repeating: frame, count: 1_000).flatMap { $0 }
        try TestFiles.wavBytes(interleaved: interleaved, channels: 3, sampleRate: 16_000).write(to: URL(fileURLWithPath: path))

        let decoded = try AudioFile.load(path: path)

        XCTAssertEqual(decoded.source.channels, 3)
        XCTAssertEqual(decoded.samples.count, 1_000)
        XCTAssertTrue(decoded.samples.allSatisfy { $0 == 0.125 })
    }

    func testMaxDurationIsCheckedFromTheHeaderAndCanBeLifted() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("two-seconds.wav").path
        try TestFiles.wavBytes(interleaved: [Int16](repeating: 1_000, count: 32_000), channels: 1, sampleRate: 16_000)
            .write(to: URL(fileURLWithPath: path))

        XCTAssertThrowsError(try AudioFile.load(path: path, maxDuration: 1.5)) { error in
            XCTAssertEqual(error as? AudioError, .tooLong(path: path, seconds: 2, limit: 1.5))
        }
        XCTAssertEqual(try AudioFile.load(path: path, maxDuration: nil).samples.count, 32_000)
        XCTAssertEqual(AudioFile.defaultMaxDuration, 10_800)
    }

    func testFloatSamplesBeyondFullScaleAreClamped() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("hot.wav").path
        try WAVWriter.writeAtomically([0.5, 1.75, -3, 0.25], to: path, encoding: .float32)

        XCTAssertEqual(try AudioFile.load(path: path).samples, [0.5, 1, -1, 0.25])
    }
}
