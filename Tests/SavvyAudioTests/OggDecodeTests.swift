import CSndfile
import Foundation
import XCTest
@testable import SavvyAudio

final class OggDecodeTests: XCTestCase {
    /// Ogg Vorbis is lossy, so the fixture is written here through libsndfile's own encoder and
    /// checked for what a lossy codec keeps: length, frequency and level.
    func testOggVorbisStereo48kDecodes() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("tone.ogg").path
        let rate = 48_000
        let mono = TestFiles.sine(frequency: 600, sampleRate: rate, count: rate * 2)
        let interleaved = mono.flatMap { [$0, $0] }
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = 2
        info.format = Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_VORBIS)
        let handle = try XCTUnwrap(sf_open(path, Int32(SFM_WRITE), &info), String(cString: sf_strerror(nil)))
        XCTAssertEqual(interleaved.withUnsafeBufferPointer { sf_writef_float(handle, $0.baseAddress, sf_count_t(mono.count)) }, sf_count_t(mono.count))
        XCTAssertEqual(sf_close(handle), 0)

        let decoded = try AudioFile.load(path: path)

        XCTAssertTrue(decoded.source.formatName.hasPrefix("OGG"), decoded.source.formatName)
        XCTAssertEqual(decoded.source.encodingName, "Vorbis")
        XCTAssertEqual(decoded.source.channels, 2)
        XCTAssertEqual(decoded.durationSeconds, 2, accuracy: 0.001)
        XCTAssertEqual(TestFiles.zeroCrossingFrequency(decoded.samples, sampleRate: 16_000), 600, accuracy: 0.5)
    }
}
