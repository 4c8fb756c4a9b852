import CSndfile
import Foundation
import SavvyTestSupport
import XCTest

/// Temp folders, fixture paths and hand-built WAV bytes for the SavvyAudio tests.
enum TestFiles {
    /// A committed recording in the top-level Fixtures/ folder.
    static func fixture(_ name: String) -> String {
        PackagePaths.fixture(name)
    }

    /// A fresh, lower-case-named folder under the system temp dir, removed when the test ends.
    static func temporaryFolder(for test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("savvy-audio-tests-\(UUID().uuidString.lowercased())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock {
            try? FileManager.default.removeItem(at: url)
        }
        return url
    }

    /// A canonical 44-byte-header PCM WAV. `declaredDataBytes` overrides the data chunk size
    /// written in the header, to build files whose header promises more than they hold.
    static func wavBytes(interleaved: [Int16], channels: Int, sampleRate: Int, declaredDataBytes: Int? = nil) -> Data {
        let dataBytes = interleaved.count * 2
        let declared = declaredDataBytes ?? dataBytes
        var data = Data()
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        append32(36 + declared)
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8))
        append32(16)
        append16(1)
        append16(channels)
        append32(sampleRate)
        append32(sampleRate * channels * 2)
        append16(channels * 2)
        append16(16)
        data.append(contentsOf: Array("data".utf8))
        append32(declared)
        for sample in interleaved {
            withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// `seconds` of a 600 Hz tone as 48 kHz stereo Ogg Vorbis, written through libsndfile's own
    /// encoder (Ogg is lossy, so it is made here rather than committed), at `path`.
    static func writeOggTone(to path: String, seconds: Double) throws {
        let rate = 48_000
        let mono = sine(frequency: 600, sampleRate: rate, count: Int(Double(rate) * seconds))
        let interleaved = mono.flatMap { [$0, $0] }
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = 2
        info.format = Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_VORBIS)
        let handle = try XCTUnwrap(sf_open(path, Int32(SFM_WRITE), &info), String(cString: sf_strerror(nil)))
        XCTAssertEqual(interleaved.withUnsafeBufferPointer { sf_writef_float(handle, $0.baseAddress, sf_count_t(mono.count)) },
                       sf_count_t(mono.count))
        XCTAssertEqual(sf_close(handle), 0)
    }

    /// `count` samples of a sine at `frequency` Hz, amplitude `amplitude`, rate `sampleRate`.
    static func sine(frequency: Double, sampleRate: Int, count: Int, amplitude: Double = 0.5) -> [Float] {
        (0..<count).map { index in
            Float(amplitude * sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate)))
        }
    }

    /// Frequency in Hz estimated from the mean spacing of upward zero crossings (interpolated
    /// linearly between samples) over `samples`, skipping the resampler's edge transients.
    static func zeroCrossingFrequency(_ samples: [Float], sampleRate: Int) -> Double {
        let margin = sampleRate / 10
        var crossings: [Double] = []
        for index in (margin + 1)..<(samples.count - margin) where samples[index - 1] < 0 && samples[index] >= 0 {
            let a = Double(samples[index - 1])
            let b = Double(samples[index])
            crossings.append(Double(index - 1) + (-a / (b - a)))
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) / ((last - first) / Double(sampleRate))
    }
}
