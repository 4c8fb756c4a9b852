import Foundation
import SavvyFileSystem

/// A safetensors file, read once: an 8-byte little-endian header length, a JSON header naming
/// each tensor's dtype, shape and byte range, then the tensors' bytes (little-endian).
///
/// The file is memory-mapped, every header entry is checked against the data before any tensor
/// is read, and tensors come out as `Float` (F32 as is, F16 and BF16 widened).
/// Format: https://github.com/huggingface/safetensors (README, "Format").
public struct SafetensorsFile: Sendable {
    /// One tensor's place in the file.
    public struct Entry: Sendable, Equatable {
        public var dtype: String
        public var shape: [Int]
        /// Byte range inside the data section (after the header).
        public var byteRange: Range<Int>
    }

    /// Element sizes of the dtypes the header may name; only the float ones can be read.
    private static let elementSizes: [String: Int] = [
        "BOOL": 1, "U8": 1, "I8": 1, "F8_E5M2": 1, "F8_E4M3": 1,
        "I16": 2, "U16": 2, "F16": 2, "BF16": 2,
        "I32": 4, "U32": 4, "F32": 4, "I64": 8, "U64": 8, "F64": 8,
    ]

    /// A header larger than this is not a model header but a corrupt length field.
    private static let maximumHeaderBytes = 100 << 20

    public let path: String
    public let entries: [String: Entry]
    private let data: Data
    private let dataStart: Int

    /// Maps and validates the file at `url`.
    public init(url: URL) throws {
        let contents: Data
        do {
            contents = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw SemanticError.unreadableFile(path: url.path, reason: SystemErrorText.reason(error))
        }
        try self.init(data: contents, path: url.path)
    }

    /// Validates `data` as a safetensors file; `path` is only for messages.
    public init(data: Data, path: String) throws {
        func corrupt(_ reason: String) -> SemanticError { .corruptWeights(path: path, reason: reason) }
        guard data.count >= 8 else {
            throw corrupt("the file is \(data.count) bytes, too short for the 8-byte header length")
        }
        let headerLength = data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) }
        guard headerLength <= UInt64(data.count - 8), headerLength <= UInt64(Self.maximumHeaderBytes) else {
            throw corrupt("the header length \(headerLength) runs past the end of the \(data.count)-byte file")
        }
        let headerEnd = 8 + Int(headerLength)
        let header = data.subdata(in: data.startIndex + 8..<data.startIndex + headerEnd)
        guard let object = try? JSONSerialization.jsonObject(with: header), let table = object as? [String: Any] else {
            throw corrupt("the header is not a JSON object")
        }
        let dataBytes = data.count - headerEnd
        var entries: [String: Entry] = [:]
        for (name, value) in table where name != "__metadata__" {
            guard let fields = value as? [String: Any],
                let dtype = fields["dtype"] as? String,
                let shape = Self.integers(fields["shape"]),
                let offsets = Self.integers(fields["data_offsets"]), offsets.count == 2
            else {
                throw corrupt("tensor '\(name)' lacks a dtype, shape or data_offsets pair")
            }
            guard let size = Self.elementSizes[dtype] else {
                throw corrupt("tensor '\(name)' has the unknown dtype '\(dtype)'")
            }
            guard shape.allSatisfy({ $0 >= 0 }), offsets[0] >= 0, offsets[0] <= offsets[1], offsets[1] <= dataBytes else {
                throw corrupt("tensor '\(name)' spans bytes \(offsets[0])..<\(offsets[1]) of a \(dataBytes)-byte data section")
            }
            let count = shape.reduce(1) { $0.multipliedReportingOverflow(by: $1).overflow ? Int.max : $0 * $1 }
            guard count != Int.max, offsets[1] - offsets[0] == count * size else {
                throw corrupt("tensor '\(name)' has \(offsets[1] - offsets[0]) bytes for shape \(shape) of \(dtype)")
            }
            entries[name] = Entry(dtype: dtype, shape: shape, byteRange: offsets[0]..<offsets[1])
        }
        self.path = path
        self.entries = entries
        self.data = data
        self.dataStart = headerEnd
    }

    /// The tensor `name` as `Float`s in row-major order, checked to have `shape`.
    public func floats(_ name: String, shape: [Int]) throws -> [Float] {
        guard let entry = entries[name] else { throw SemanticError.missingTensor(name: name) }
        guard entry.shape == shape else { throw SemanticError.tensorShape(name: name, expected: shape, actual: entry.shape) }
        let count = shape.reduce(1, *)
        let start = dataStart + entry.byteRange.lowerBound
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Float] in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[start..<start + entry.byteRange.count])
            switch entry.dtype {
            case "F32":
                return (0..<count).map { Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
            case "F16":
                return (0..<count).map { Self.halfToFloat(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 2, as: UInt16.self))) }
            case "BF16":
                return (0..<count).map { Float(bitPattern: UInt32(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 2, as: UInt16.self))) << 16) }
            default:
                throw SemanticError.unsupportedTensorType(name: name, dtype: entry.dtype)
            }
        }
    }

    /// JSON integers (an array of them), rejecting fractions and non-numbers.
    private static func integers(_ value: Any?) -> [Int]? {
        guard let array = value as? [Any] else { return nil }
        var result: [Int] = []
        for element in array {
            guard let number = element as? NSNumber, let exact = Int(exactly: number.doubleValue) else { return nil }
            result.append(exact)
        }
        return result
    }

    /// IEEE 754 binary16 → binary32, exact (every half is a float), without relying on the
    /// platform's `Float16`.
    static func halfToFloat(_ half: UInt16) -> Float {
        let sign = UInt32(half & 0x8000) << 16
        let exponent = Int(half >> 10) & 0x1F
        let mantissa = UInt32(half & 0x03FF)
        switch exponent {
        case 0:
            // Zero or subnormal: mantissa × 2^-24, exact in Float.
            let magnitude = Float(mantissa) * Float(sign: .plus, exponent: -24, significand: 1)
            return sign == 0 ? magnitude : -magnitude
        case 0x1F:
            return Float(bitPattern: sign | 0x7F80_0000 | (mantissa << 13))
        default:
            return Float(bitPattern: sign | UInt32(exponent - 15 + 127) << 23 | (mantissa << 13))
        }
    }
}
