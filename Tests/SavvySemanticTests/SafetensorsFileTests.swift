import Foundation
import SavvySemantic
import SavvyTestSupport
import XCTest

/// The safetensors reader on files built byte by byte: values of each float type, and every
/// way a file can be broken.
final class SafetensorsFileTests: XCTestCase {
    /// An 8-byte little-endian header length, the header, then `body`.
    private static func file(header: String, body: [UInt8]) -> Data {
        let json = Array(header.utf8)
        var length = UInt64(json.count).littleEndian
        return Data(bytes: &length, count: 8) + Data(json) + Data(body)
    }

    private static func littleEndian(_ values: [Float]) -> [UInt8] {
        values.flatMap { value -> [UInt8] in
            let bits = value.bitPattern
            return (0..<4).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }
        }
    }

    func testReadsF32F16AndBF16() throws {
        let f32 = Self.littleEndian([1.5, -2, 0.25, 1e-8, 3, 4])
        // 1.0, -2.5, 65504 (largest half), 2^-24 (smallest subnormal half) in binary16;
        // 1.0 and -0.5 in bfloat16.
        let f16: [UInt8] = [0x00, 0x3C, 0x00, 0xC1, 0xFF, 0x7B, 0x01, 0x00]
        let bf16: [UInt8] = [0x80, 0x3F, 0x00, 0xBF]
        let header = #"""
            {"__metadata__": {"format": "pt"},
             "a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
             "b": {"dtype": "F16", "shape": [4], "data_offsets": [24, 32]},
             "c": {"dtype": "BF16", "shape": [2], "data_offsets": [32, 36]},
             "ids": {"dtype": "I64", "shape": [1], "data_offsets": [36, 44]}}
            """#
        let data = Self.file(header: header, body: f32 + f16 + bf16 + [UInt8](repeating: 0, count: 8))
        let file = try SafetensorsFile(data: data, path: "m.safetensors")
        XCTAssertEqual(try file.floats("a", shape: [2, 3]), [1.5, -2, 0.25, 1e-8, 3, 4])
        XCTAssertEqual(try file.floats("b", shape: [4]), [1, -2.5, 65504, Float(sign: .plus, exponent: -24, significand: 1)])
        XCTAssertEqual(try file.floats("c", shape: [2]), [1, -0.5])
        XCTAssertEqual(file.entries["a"]?.byteRange, 0..<24)
    }

    func testRefusesBrokenFiles() {
        let good = #"{"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}"#
        let cases: [(id: String, data: Data, message: String)] = [
            ("empty", Data(), "too short for the 8-byte header length"),
            ("truncated length", Data([1, 0, 0]), "too short"),
            ("header past the end", Self.file(header: good, body: []).prefix(20), "runs past the end"),
            ("huge header length", Data([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) + Data(count: 16), "runs past the end"),
            ("header not json", Self.file(header: "{nope", body: []), "not a JSON object"),
            ("header an array", Self.file(header: "[1, 2]", body: []), "not a JSON object"),
            ("entry without offsets", Self.file(header: #"{"a": {"dtype": "F32", "shape": [2]}}"#, body: []), "lacks a dtype"),
            ("fractional shape", Self.file(header: #"{"a": {"dtype": "F32", "shape": [1.5], "data_offsets": [0, 8]}}"#, body: []), "lacks a dtype"),
            ("unknown dtype", Self.file(header: #"{"a": {"dtype": "F7", "shape": [2], "data_offsets": [0, 8]}}"#, body: []), "unknown dtype 'F7'"),
            ("data truncated", Self.file(header: good, body: [0, 0, 0, 0]), "spans bytes 0..<8 of a 4-byte data section"),
            ("offsets reversed", Self.file(header: #"{"a": {"dtype": "F32", "shape": [0], "data_offsets": [8, 0]}}"#, body: [UInt8](repeating: 0, count: 8)), "spans bytes"),
            ("size disagrees with shape", Self.file(header: #"{"a": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}}"#, body: [UInt8](repeating: 0, count: 8)), "has 8 bytes for shape [3] of F32"),
        ]
        for c in cases {
            XCTAssertThrowsError(try SafetensorsFile(data: c.data, path: "/m/model.safetensors"), c.id) { error in
                guard case SemanticError.corruptWeights(let path, let reason) = error else { return XCTFail("\(c.id): \(error)") }
                XCTAssertEqual(path, "/m/model.safetensors", c.id)
                XCTAssertTrue(reason.contains(c.message), "\(c.id): \(reason)")
            }
        }
    }

    func testRefusesMissingWrongShapeAndIntegerTensors() throws {
        let header = #"""
            {"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
             "ids": {"dtype": "I64", "shape": [1], "data_offsets": [8, 16]}}
            """#
        let file = try SafetensorsFile(data: Self.file(header: header, body: [UInt8](repeating: 0, count: 16)), path: "m")
        let cases: [(id: String, name: String, shape: [Int], expected: SemanticError)] = [
            ("missing", "b", [2], .missingTensor(name: "b")),
            ("wrong shape", "a", [1, 2], .tensorShape(name: "a", expected: [1, 2], actual: [2])),
            ("integer tensor", "ids", [1], .unsupportedTensorType(name: "ids", dtype: "I64")),
        ]
        for c in cases {
            XCTAssertThrowsError(try file.floats(c.name, shape: c.shape), c.id) { error in
                XCTAssertEqual(error as? SemanticError, c.expected, c.id)
            }
        }
    }

    func testUnreadableFileNamesThePath() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("absent.safetensors")
        XCTAssertThrowsError(try SafetensorsFile(url: url)) { error in
            guard case SemanticError.unreadableFile(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, url.path)
            XCTAssertTrue(error.localizedDescription.hasPrefix("cannot read the sentence model file"))
        }
    }
}
