/// Streaming SHA-256 (FIPS 180-4), in Swift because Foundation on Linux has no CryptoKit.
///
/// Fingerprints recordings (so `rescore` can refuse audio that changed after scoring) and keys
/// the LLM judgment cache. Feed bytes with `update` in any chunking; `finalize` returns the
/// 32-byte digest.
public struct SHA256 {
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var buffer: [UInt8] = []
    private var messageBytes: UInt64 = 0
    private var schedule = [UInt32](repeating: 0, count: 64)

    public init() {
        buffer.reserveCapacity(64)
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        messageBytes &+= UInt64(bytes.count)
        var index = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, bytes.count)
            buffer.append(contentsOf: bytes[0..<take])
            index = take
            if buffer.count == 64 {
                buffer.withUnsafeBytes { compress(block: $0) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        while bytes.count - index >= 64 {
            compress(block: UnsafeRawBufferPointer(rebasing: bytes[index..<index + 64]))
            index += 64
        }
        if index < bytes.count {
            buffer.append(contentsOf: bytes[index...])
        }
    }

    /// Adds `bytes` to the message.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    /// Pads the message and returns the 32-byte digest.
    public consuming func finalize() -> [UInt8] {
        let bitLength = messageBytes &* 8
        var tail = buffer
        tail.append(0x80)
        while tail.count % 64 != 56 {
            tail.append(0)
        }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { all in
            for start in stride(from: 0, to: all.count, by: 64) {
                compress(block: UnsafeRawBufferPointer(rebasing: all[start..<start + 64]))
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            digest.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) })
        }
        return digest
    }

    /// The digest of `bytes` as 64 lower-case hex digits.
    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hexEncoded(hasher.finalize())
    }

    /// The digest of the UTF-8 bytes of `text` as 64 lower-case hex digits.
    public static func hex(_ text: String) -> String {
        hex(of: Array(text.utf8))
    }

    /// `digest` (or any bytes) written as lower-case hex.
    public static func hexEncoded(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(digest.count * 2)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One 64-byte block of the compression function (FIPS 180-4 §6.2.2).
    private mutating func compress(block: UnsafeRawBufferPointer) {
        schedule.withUnsafeMutableBufferPointer { w in
            for t in 0..<16 {
                let b = 4 * t
                w[t] = UInt32(block[b]) << 24 | UInt32(block[b + 1]) << 16 | UInt32(block[b + 2]) << 8
                    | UInt32(block[b + 3])
            }
            for t in 16..<64 {
                let s0 = SHA256.rotr(w[t - 15], 7) ^ SHA256.rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = SHA256.rotr(w[t - 2], 17) ^ SHA256.rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var a = state[0], b = state[1], c = state[2], d = state[3]
            var e = state[4], f = state[5], g = state[6], h = state[7]
            for t in 0..<64 {
                let s1 = SHA256.rotr(e, 6) ^ SHA256.rotr(e, 11) ^ SHA256.rotr(e, 25)
                let choose = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ choose &+ SHA256.k[t] &+ w[t]
                let s0 = SHA256.rotr(a, 2) ^ SHA256.rotr(a, 13) ^ SHA256.rotr(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ majority
                h = g
                g = f
                f = e
                e = d &+ t1
                d = c
                c = b
                b = a
                a = t1 &+ t2
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
            state[5] &+= f
            state[6] &+= g
            state[7] &+= h
        }
    }

    // Static so calling it inside `schedule`'s mutable access does not read all of `self`.
    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x >> n) | (x << (32 - n))
    }
}
