import Foundation
import SavvyCoach
import XCTest

import SavvyTestSupport
@testable import SavvyStore

final class SHA256Tests: XCTestCase {
    /// FIPS 180-4 / NIST CAVP vectors, including the 56-byte message whose padding spills into a
    /// second block.
    func testKnownVectors() {
        let cases: [(id: String, message: [UInt8], digest: String)] = [
            ("empty", [], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "448-bit", Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            ("million-a", [UInt8](repeating: 0x61, count: 1_000_000),
             "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        ]
        for testCase in cases {
            XCTAssertEqual(SHA256.hex(of: testCase.message), testCase.digest, testCase.id)
        }
    }

    /// Any split of the input into updates gives the same digest as one update.
    func testChunkingDoesNotChangeDigest() {
        let message = SeededBytes.make(count: 1000, seed: 7)
        let whole = SHA256.hex(of: message)
        for chunk in [1, 3, 63, 64, 65, 127, 500] {
            var hasher = SHA256()
            var start = 0
            while start < message.count {
                let end = min(start + chunk, message.count)
                hasher.update(message[start..<end])
                start = end
            }
            XCTAssertEqual(SHA256.hexEncoded(hasher.finalize()), whole, "chunk \(chunk)")
        }
    }

    /// The file digest agrees with coreutils' `sha256sum` at sizes around block and buffer edges.
    func testFileDigestMatchesSha256sum() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") else {
            throw XCTSkip("sha256sum is not installed")
        }
        let directory = try TemporaryDirectory()
        for (index, size) in [0, 55, 56, 64, 1 << 20, (1 << 20) + 17, 3_000_001].enumerated() {
            let file = try directory.audioFile(named: "f\(index).bin", bytes: size, seed: UInt64(index))
            let expected = try runProgram("/usr/bin/sha256sum", [file.path]).output.prefix(64)
            let found = try RecordingVault.sha256(ofFileAt: file.path)
            XCTAssertEqual(found.hex, String(expected), "size \(size)")
            XCTAssertEqual(found.bytes, Int64(size))
        }
    }
}
