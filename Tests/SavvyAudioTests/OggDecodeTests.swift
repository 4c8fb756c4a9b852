import Foundation
import XCTest
@testable import SavvyAudio

final class OggDecodeTests: XCTestCase {
    /// Ogg Vorbis is lossy, so the fixture is written here through libsndfile's own encoder and
    /// checked for what a lossy codec keeps: length, frequency and level.
    func testOggVorbisStereo48kDecodes() throws {
        let folder = try TestFiles.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("tone.ogg").path
        try TestFiles.writeOggTone(to: path, seconds: 2)

        let decoded = try AudioFile.load(path: path)

        XCTAssertTrue(decoded.source.formatName.hasPrefix("OGG"), decoded.source.formatName)
        XCTAssertEqual(decoded.source.encodingName, "Vorbis")
        XCTAssertEqual(decoded.source.channels, 2)
        XCTAssertEqual(decoded.durationSeconds, 2, accuracy: 0.001)
        XCTAssertEqual(TestFiles.zeroCrossingFrequency(decoded.samples, sampleRate: 16_000), 600, accuracy: 0.5)
    }
}
