import Foundation
import XCTest

import SavvyTestSupport
@testable import SavvyStore

/// Store fixtures on top of the shared per-test temporary directory.
extension TemporaryDirectory {
    /// The data location `<tmp>/data`.
    var location: DataLocation { DataLocation(directory: url.appendingPathComponent("data")) }

    /// Writes `count` deterministic pseudo-random bytes (seeded) to `<tmp>/<name>` and returns its URL.
    func audioFile(named name: String = "answer.wav", bytes count: Int = 4096, seed: UInt64 = 1) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(SeededBytes.make(count: count, seed: seed)).write(to: file)
        return file
    }
}

/// SplitMix64: a tiny seeded generator so fixtures are the same on every run.
struct SeededBytes {
    static func make(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            for shift in stride(from: 0, to: 64, by: 8) where out.count < count {
                out.append(UInt8(truncatingIfNeeded: z >> UInt64(shift)))
            }
        }
        return out
    }
}

/// Builders for session and scoring values with recognisable contents.
enum Fixtures {
    /// 2025-01-01T00:00:00Z plus `minutes`.
    static func time(minutes: Int) -> Date {
        Date(timeIntervalSince1970: 1_735_689_600 + Double(minutes) * 60)
    }

    static func session(audio: URL, minutes: Int = 0, drill: String = "star", wpm: Double? = 140) -> NewSession {
        NewSession(
            createdAt: time(minutes: minutes), drill: drill, prompt: "Tell me about a time you led a team.",
            audioSource: audio, duration: 61.25, sampleRate: 48_000,
            transcriptJSON: Data(#"{"words":[{"w":"hello","start":0.1,"end":0.4}]}"#.utf8),
            asrEngine: "pocketsphinx", asrModel: "en-us", metricsJSON: Data(#"{"wpm":140.5}"#.utf8), metricsVersion: 3,
            lexiconVersion: "fillers-1", wpm: wpm, fillersPerMinute: 2.5, pitchSD: 3.25, cpps: 14.75)
    }

    static func scoring(minutes: Int = 1, overall: Double? = 3.5, tier: String = "heuristic") -> NewScoring {
        NewScoring(
            createdAt: time(minutes: minutes), tier: tier, model: tier == "heuristic" ? nil : "openai/gpt-oss-20b",
            rubricVersion: "rubric-2", overall: overall, rubricJSON: Data(#"{"structure":4}"#.utf8),
            routerJSON: Data(#"{"tiers":["heuristic"]}"#.utf8), degradedReason: tier == "heuristic" ? "offline" : nil)
    }
}

/// Runs a program and returns its standard output (tests only: `sha256sum`, `mount`).
@discardableResult
func runProgram(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
