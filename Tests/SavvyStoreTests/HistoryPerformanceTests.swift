import Foundation
import XCTest

import SavvyTestSupport
@testable import SavvyStore

/// Timings for the report. They print rather than assert: the numbers depend on the machine.
final class HistoryPerformanceTests: XCTestCase {
    /// 10 000 sessions (each with a scoring) and the full history query + decode.
    func testHistoryOverTenThousandSessions() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let count = 10_000
        // Rows are written straight through the connection: 10 000 audio copies with two fsyncs
        // each would time the disk, not the query under test.
        try store.connection.transaction(action: "test") {
            let session = try store.connection.prepare(
                """
                INSERT INTO sessions (created_at, drill, prompt, audio_path, audio_sha256, audio_bytes, duration,
                    sample_rate, source_name, transcript_json, asr_engine, asr_model, metrics_json, metrics_version,
                    wpm, fillers_per_min, pitch_sd, cpps)
                VALUES (?, ?, 'prompt', 'recordings/x.wav', ?, 1000, 60, 16000, 'x.wav', ?, 'e', 'm', ?, 1, ?, ?, ?, ?)
                """, action: "test")
            let scoring = try store.connection.prepare(
                """
                INSERT INTO scorings (session_id, created_at, tier, rubric_version, overall, rubric_json, router_json)
                VALUES (?, ?, 'heuristic', 'r1', ?, x'7b7d', x'7b7d')
                """, action: "test")
            let blob = Data(SeededBytes.make(count: 2000, seed: 1))
            for index in 0..<count {
                let time = Timestamp.string(from: Fixtures.time(minutes: index))
                try session.execute([
                    .text(time), .text(["star", "pitch", "pace"][index % 3]), .text(String(repeating: "a", count: 64)),
                    .blob(blob), .blob(blob), .real(120 + Double(index % 50)), .real(2), .real(3), .real(14),
                ])
                try scoring.execute([.integer(store.connection.lastInsertRowID), .text(time), .real(Double(index % 5) + 1)])
            }
        }

        var best = Double.infinity
        var rows: [HistoryRow] = []
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            rows = try store.history()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        XCTAssertEqual(rows.count, count)
        XCTAssertEqual(rows.first?.createdAt, Fixtures.time(minutes: count - 1))
        XCTAssertEqual(rows.first?.overall, Double((count - 1) % 5) + 1)
        let filterStart = DispatchTime.now().uptimeNanoseconds
        let filtered = try store.history(drill: "pitch", since: Fixtures.time(minutes: count / 2), limit: 50)
        let filterMs = Double(DispatchTime.now().uptimeNanoseconds - filterStart) / 1e6
        XCTAssertEqual(filtered.count, 50)
        print(String(format: "history: %d rows query+decode best of 5 = %.1f ms; filtered (drill, since, limit 50) = %.2f ms", count, best, filterMs))
    }

    /// Full `insertSession` (audio copy, SHA-256, fsyncs, transaction) throughput.
    func testInsertThroughput() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let count = 200
        var sources: [URL] = []
        for index in 0..<count {
            sources.append(try directory.audioFile(named: "s\(index).wav", bytes: 64_000, seed: UInt64(index)))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        for (index, source) in sources.enumerated() {
            try store.insertSession(Fixtures.session(audio: source, minutes: index), scoring: Fixtures.scoring())
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        XCTAssertEqual(try store.history().count, count)
        print(String(format: "insert: %d sessions with 64 kB audio + scoring in %.2f s = %.0f sessions/s", count, seconds, Double(count) / seconds))
    }
}
