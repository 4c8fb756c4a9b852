import Foundation
import SavvyDSP
import SavvyTestSupport
import XCTest

/// Pitch accuracy on synthesized glottal-pulse vowels with an exactly known F0 contour.
final class PitchAccuracyTests: XCTestCase {
    struct Case {
        let id: String
        let contour: F0Contour
        let vowel: Vowel
        /// `nil` = clean.
        let snrDB: Double?
        let colour: TestSignals.NoiseColour
    }

    static let cases: [Case] = [
        Case(id: "steady-120-a-clean", contour: .steady(120), vowel: .a, snrDB: nil, colour: .white),
        Case(id: "steady-220-i-clean", contour: .steady(220), vowel: .i, snrDB: nil, colour: .white),
        Case(id: "steady-90-u-white20", contour: .steady(90), vowel: .u, snrDB: 20, colour: .white),
        Case(id: "steady-300-e-white10", contour: .steady(300), vowel: .e, snrDB: 10, colour: .white),
        Case(id: "glide-100-200-o-clean", contour: .glide(from: 100, to: 200), vowel: .o, snrDB: nil, colour: .white),
        Case(id: "glide-260-130-a-white10", contour: .glide(from: 260, to: 130), vowel: .a, snrDB: 10, colour: .white),
        Case(id: "vibrato-150-e-clean", contour: .vibrato(centre: 150, rate: 5.5, depthCents: 100), vowel: .e,
             snrDB: nil, colour: .white),
        Case(id: "vibrato-250-a-pink10", contour: .vibrato(centre: 250, rate: 6, depthCents: 50), vowel: .a,
             snrDB: 10, colour: .pink),
        Case(id: "glide-120-180-i-pink10", contour: .glide(from: 120, to: 180), vowel: .i, snrDB: 10, colour: .pink),
    ]

    func testMedianWithinOnePercentAndSDWithinATenthOfASemitone() throws {
        let analyzer = try DeliveryAnalyzer(configuration: Self.pitchOnly)
        for (index, c) in Self.cases.enumerated() {
            let lead = 0.3, duration = 2.0
            var generator = SeededGenerator(seed: UInt64(100 + index))
            let voice = GlottalSpeech(jitter: 0.003, shimmer: 0.03)
                .segment(duration: duration, contour: c.contour, vowel: c.vowel, rms: 0.1, generator: &generator)
            let pad = TestSignals.silence(duration: lead)
            var signal = pad + voice + pad
            let mask = [Bool](repeating: false, count: pad.count) + [Bool](repeating: true, count: voice.count)
                + [Bool](repeating: false, count: pad.count)
            if let snr = c.snrDB {
                signal = TestSignals.addingNoise(to: signal, snrDB: snr, colour: c.colour, seed: UInt64(900 + index),
                                                 referenceMask: mask)
            }
            let result = try analyzer.analyze(samples: signal, sampleRate: 16_000)
            let tracks = result.tracks

            // frames well inside the vowel (clear of the 20 ms ramps)
            var truth: [Double] = []
            var estimate: [Double] = []
            var gross = 0
            for i in 0..<tracks.count {
                let t = tracks.time(ofFrame: i) - lead
                guard t > 0.04, t < duration - 0.04 else { continue }
                let f = c.contour.frequency(at: t, duration: duration)
                truth.append(f)
                if let e = tracks.f0[i] {
                    estimate.append(e)
                    if abs(e / f - 1) > 0.2 { gross += 1 }
                }
            }
            XCTAssertGreaterThan(Double(estimate.count), 0.9 * Double(truth.count), "\(c.id): voiced frames")
            XCTAssertEqual(gross, 0, "\(c.id): gross pitch errors")
            let trueMedian = median(truth), estimatedMedian = median(estimate)
            XCTAssertEqual(estimatedMedian / trueMedian, 1, accuracy: 0.01, "\(c.id): median F0")
            let trueSD = semitoneSD(truth), estimatedSD = semitoneSD(estimate)
            XCTAssertEqual(estimatedSD, trueSD, accuracy: 0.1, "\(c.id): SD in semitones")
            // the summary uses every voiced frame, ramps included: compare with the contour there
            let voicedTruth = (0..<tracks.count).compactMap { i -> Double? in
                let t = tracks.time(ofFrame: i) - lead
                guard tracks.f0[i] != nil, t >= 0, t <= duration else { return nil }
                return c.contour.frequency(at: t, duration: duration)
            }
            if let pitch = result.pitch {
                XCTAssertEqual(pitch.medianHz / median(voicedTruth), 1, accuracy: 0.01, "\(c.id): summary median")
                XCTAssertEqual(pitch.sdSemitones, semitoneSD(voicedTruth), accuracy: 0.1, "\(c.id): summary SD")
                XCTAssertEqual(pitch.octaveErrorFrames, 0, "\(c.id): octave errors")
            } else {
                XCTFail("\(c.id): no pitch summary")
            }
        }
    }

    func testSilenceAndNoiseAreUnvoiced() throws {
        let analyzer = try DeliveryAnalyzer(configuration: Self.pitchOnly)
        let noise = TestSignals.noise(.white, rms: 0.05, count: 32_000, seed: 7)
        let result = try analyzer.analyze(samples: TestSignals.silence(duration: 0.5) + noise, sampleRate: 16_000)
        let voiced = result.tracks.f0.compactMap { $0 }.count
        XCTAssertLessThan(Double(voiced), 0.02 * Double(result.tracks.count), "white noise must stay unvoiced")
    }

    static var pitchOnly: DeliveryConfiguration {
        var c = DeliveryConfiguration()
        c.computeCPPS = false
        return c
    }

    private func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : 0.5 * (s[s.count / 2 - 1] + s[s.count / 2])
    }

    private func semitoneSD(_ v: [Double]) -> Double {
        let m = median(v)
        let st = v.map { 12 * log2($0 / m) }
        let mean = st.reduce(0, +) / Double(st.count)
        return (st.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(st.count)).squareRoot()
    }
}
