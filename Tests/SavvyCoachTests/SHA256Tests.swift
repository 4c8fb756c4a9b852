import XCTest
@testable import SavvyCoach

final class SHA256Tests: XCTestCase {
    func testKnownVectors() {
        // FIPS 180-4 examples and the empty string.
        XCTAssertEqual(SHA256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testCacheKeyChangesWithEveryInput() {
        let transcript = Fixtures.transcript(Fixtures.starComplete)
        let summary = Fixtures.summary()
        let base = LLMJudge.cacheKey(model: "m", transcript: transcript, summary: summary, drill: BuiltInDrills.star, prompt: "p")
        XCTAssertEqual(base, LLMJudge.cacheKey(model: "m", transcript: transcript, summary: summary, drill: BuiltInDrills.star, prompt: "p"))
        XCTAssertNotEqual(base, LLMJudge.cacheKey(model: "n", transcript: transcript, summary: summary, drill: BuiltInDrills.star, prompt: "p"))
        XCTAssertNotEqual(base, LLMJudge.cacheKey(model: "m", transcript: Fixtures.transcript(Fixtures.offTopic), summary: summary, drill: BuiltInDrills.star, prompt: "p"))
        XCTAssertNotEqual(base, LLMJudge.cacheKey(model: "m", transcript: transcript, summary: Fixtures.summary(wpm: 150), drill: BuiltInDrills.star, prompt: "p"))
        XCTAssertNotEqual(base, LLMJudge.cacheKey(model: "m", transcript: transcript, summary: summary, drill: BuiltInDrills.prep, prompt: "p"))
        XCTAssertEqual(base.count, 64)
    }
}
