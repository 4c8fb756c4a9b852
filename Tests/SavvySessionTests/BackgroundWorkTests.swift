import Foundation
import XCTest
@testable import SavvySession

/// The second opinion runs beside Whisper on a `BackgroundWork` thread: it must really run while
/// the caller goes on, hand back its value or its error, and be joined.
final class BackgroundWorkTests: XCTestCase {
    private struct Failure: Error, Equatable {}

    func testWorkRunsWhileTheCallerGoesOnAndHandsBackItsValue() throws {
        // The work waits for a signal the caller gives only after starting it: were the work run
        // inside `init`, it would time out and say so.
        let go = DispatchSemaphore(value: 0)
        let work = BackgroundWork(name: "test-work") { () -> String in
            go.wait(timeout: .now() + 10) == .success ? "ran beside the caller" : "ran before the caller went on"
        }
        go.signal()
        XCTAssertEqual(try work.value(), "ran beside the caller")
    }

    func testTheWorksErrorIsThrownByValue() {
        let work = BackgroundWork(name: "test-work") { () throws -> Int in throw Failure() }
        XCTAssertThrowsError(try work.value()) { XCTAssertEqual($0 as? Failure, Failure()) }
    }
}
