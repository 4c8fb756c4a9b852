import Foundation
import Glibc
import SavvyFileSystem

/// A safetensors file, read once: an 8-byte little-endian header length, a JSON header naming
/// each tensor's dtype, shape and byte range, then the tensors' bytes (little-endian).
///
/// Every header entry is checked against the file's size before any tensor is read, and tensors
/// come out as `Float` (F32 as is, F16 and BF16 widened). A file on disk is read one tensor at a
/// time straight into its array (not mapped): a mapping's touched pages count as the process's
/// memory until it is unmapped, which doubled the encoder's peak while it loaded (about 180 MB
/// for 90 MB of weights).
/// Format: https://github.com/huggingface/safetensors (README, "Format").
public struct SafetensorsFile: Sendable {
    /// One tensor's place in the file.
    public struct Entry: Sendable, Equatable {
        public var dtype: String
        public var shape: [Int]
        /// Byte range inside the data section (after the header).
        public var byteRange: Range<Int>
    }

    /// Where the bytes are.
    private enum Storage: Sendable {
        case memory(Data)
        case file(URL)
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
    private let storage: Storage
    private let dataStart: Int

    /// Reads and validates the header of the file at `url`; tensors are read by `floats`.
    public init(url: URL) throws {
        let path = url.path
        func unreadable(_ error: any Error) -> SemanticError {
            .unreadableFile(path: path, reason: SystemErrorText.reason(error))
        }
        let handle: FileHandle
        let size: Int
        do {
            handle = try FileHandle(forReadingFrom: url)
            size = Int(try handle.seekToEnd())
        } catch {
            throw unreadable(error)
        }
        defer { try? handle.close() }
        let (entries, dataStart) = try Self.header(size: size, path: path) { range in
            do {
                try handle.seek(toOffset: UInt64(range.lowerBound))
                let bytes = try handle.read(upToCount: range.count) ?? Data()
                guard bytes.count == range.count else { throw SemanticError.corruptWeights(path: path, reason: "the file ended early") }
                return bytes
            } catch let error as SemanticError {
                throw error
            } catch {
                throw unreadable(error)
            }
        }
        self.path = path
        self.entries = entries
        self.dataStart = dataStart
        storage = .file(url)
    }

    /// Validates `data` as a safetensors file; `path` is only for messages.
    public init(data: Data, path: String) throws {
        let (entries, dataStart) = try Self.header(size: data.count, path: path) { range in
            data.subdata(in: data.startIndex + range.lowerBound..<data.startIndex + range.upperBound)
        }
        self.path = path
        self.entries = entries
        self.dataStart = dataStart
        storage = .memory(data)
    }

    /// The tensor table and where the data section starts, from a file of `size` bytes whose
    /// byte ranges `read` returns.
    private static func header(size: Int, path: String, read: (Range<Int>) throws -> Data) throws
        -> (entries: [String: Entry], dataStart: Int) {
        func corrupt(_ reason: String) -> SemanticError { .corruptWeights(path: path, reason: reason) }
        guard size >= 8 else {
            throw corrupt("the file is \(size) bytes, too short for the 8-byte header length")
        }
        let headerLength = try read(0..<8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) }
        guard headerLength <= UInt64(size - 8), headerLength <= UInt64(Self.maximumHeaderBytes) else {
            throw corrupt("the header length \(headerLength) runs past the end of the \(size)-byte file")
        }
        let headerEnd = 8 + Int(headerLength)
        let header = try read(8..<headerEnd)
        guard let object = try? JSONSerialization.jsonObject(with: header), let table = object as? [String: Any] else {
            throw corrupt("the header is not a JSON object")
        }
        let dataBytes = size - headerEnd
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
        return (entries, headerEnd)
    }

    /// The tensor `name` as `Float`s in row-major order, checked to have `shape`.
    public func floats(_ name: String, shape: [Int]) throws -> [Float] {
        guard let entry = entries[name] else { throw SemanticError.missingTensor(name: name) }
        guard entry.shape == shape else { throw SemanticError.tensorShape(name: name, expected: shape, actual: entry.shape) }
        let count = shape.reduce(1, *)
        let start = dataStart + entry.byteRange.lowerBound
        switch entry.dtype {
        case "F32":
            // Read straight into the array: the file's little-endian bits are the floats.
            let values = try elements(Float.self, count: count, at: start)
            #if _endian(big)
            return values.map { Float(bitPattern: UInt32(littleEndian: $0.bitPattern)) }
            #else
            return values
            #endif
        case "F16":
            return try elements(UInt16.self, count: count, at: start).map { Self.halfToFloat(UInt16(littleEndian: $0)) }
        case "BF16":
            return try elements(UInt16.self, count: count, at: start).map { Float(bitPattern: UInt32(UInt16(littleEndian: $0)) << 16) }
        default:
            throw SemanticError.unsupportedTensorType(name: name, dtype: entry.dtype)
        }
    }

    /// `count` raw elements from byte `offset` of the file, as stored.
    private func elements<Element>(_: Element.Type, count: Int, at offset: Int) throws -> [Element] {
        let byteCount = count * MemoryLayout<Element>.stride
        switch storage {
        case let .memory(data):
            return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                data.withUnsafeBytes { raw in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + byteCount]))
                }
                initialized = count
            }
        case let .file(url):
            let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw SemanticError.unreadableFile(path: path, reason: SystemErrorText.describe(errno: errno))
            }
            defer { close(descriptor) }
            var failure: SemanticError?
            let values = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                var done = 0
                while done < byteCount {
                    let got = pread(descriptor, raw.baseAddress! + done, byteCount - done, off_t(offset + done))
                    if got < 0 && errno == EINTR { continue }
                    if got <= 0 {
                        failure = got < 0
                            ? .unreadableFile(path: path, reason: SystemErrorText.describe(errno: errno))
                            : .corruptWeights(path: path, reason: "the file ended early")
                        break
                    }
                    done += got
                }
                // Zeros where the read stopped, so the array is initialised; it is not returned.
                if done < byteCount { (raw.baseAddress! + done).initializeMemory(as: UInt8.self, repeating: 0, count: byteCount - done) }
                initialized = count
            }
            if let failure { throw failure }
            return values
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
