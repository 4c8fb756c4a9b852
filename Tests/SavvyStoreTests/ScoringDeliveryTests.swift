import Foundation
import XCTest

import SavvyTestSupport
@testable import SavvyStore

/// Issue 10 item 11: a history row always comes from one scoring — the latest — with the
/// delivery numbers that scoring was made from.
final class ScoringDeliveryTests: XCTestCase {
    private func delivery(wpm: Double) -> ScoringDelivery {
        ScoringDelivery(transcriptJSON: Data(#"{"words":[]}"#.utf8), asrEngine: "whisper", asrModel: "tiny.en",
                        metricsJSON: Data(#"{"wpm":\#(wpm)}"#.utf8), metricsVersion: 4, lexiconVersion: "fillers-2",
                        wpm: wpm, fillersPerMinute: 1.5, pitchSD: 2.25, cpps: 12.5)
    }

    func testIssue10_item11_historyRowComesFromTheLatestScoring() throws {
        let directory = try TemporaryDirectory()
        let store = try SessionStore(location: directory.location)
        let id = try store.insertSession(Fixtures.session(audio: try directory.audioFile(), wpm: 140), scoring: Fixtures.scoring(overall: 3.5))
        XCTAssertEqual(try store.history().first?.wpm, 140)

        var retranscribed = Fixtures.scoring(minutes: 2, overall: 2)
        retranscribed.delivery = delivery(wpm: 101)
        try store.addScoring(sessionID: id, retranscribed)
        let row = try XCTUnwrap(try store.history().first)
        XCTAssertEqual([row.wpm, row.fillersPerMinute, row.pitchSD, row.cpps, row.overall], [101, 1.5, 2.25, 12.5, 2])
        XCTAssertEqual(try store.scorings(sessionID: id).map(\.delivery), [nil, delivery(wpm: 101)])

        // A later scoring made from the session's own delivery shows the session's numbers again.
        try store.addScoring(sessionID: id, Fixtures.scoring(minutes: 3, overall: 4))
        let back = try XCTUnwrap(try store.history().first)
        XCTAssertEqual([back.wpm, back.fillersPerMinute, back.overall], [140, 2.5, 4])
    }
}
