import XCTest
@testable import SavvyCoach

final class BandsTests: XCTestCase {
    func testBandEdgesMatchDesign() {
        // (case id, band, value, expected)
        let cases: [(String, MetricBand, Double, Band)] = [
            ("B1", Bands.pace, 120, .green), ("B2", Bands.pace, 165, .green), ("B3", Bands.pace, 119.9, .amber),
            ("B4", Bands.pace, 100, .amber), ("B5", Bands.pace, 99.9, .red), ("B6", Bands.pace, 185, .amber),
            ("B7", Bands.pace, 185.1, .red), ("B8", Bands.fillers, 3, .green), ("B9", Bands.fillers, 3.1, .amber),
            ("B10", Bands.fillers, 6, .amber), ("B11", Bands.fillers, 7.9, .amber), ("B12", Bands.fillers, 8, .red),
            ("B13", Bands.pitchVariety, 3.5, .green), ("B14", Bands.pitchVariety, 3.49, .amber),
            ("B15", Bands.pitchVariety, 2, .amber), ("B16", Bands.pitchVariety, 1.99, .red),
        ]
        for (id, band, value, expected) in cases {
            XCTAssertEqual(band.classify(value), expected, id)
        }
        XCTAssertTrue(Bands.all.allSatisfy { !$0.source.isEmpty })
    }
}
