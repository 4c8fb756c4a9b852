import Foundation

/// Repairs the size fields of a WAV that was written as a stream.
///
/// A server that streams WAV does not know the length when it sends the header, so it writes a
/// placeholder: OpenAI's `/v1/audio/speech` (and servers that copy it, such as Kokoro-FastAPI)
/// put `0xFFFFFFFF` in both the RIFF size and the `data` chunk size; ElevenLabs uses
/// `0x7FFFFFFF`; a libsndfile writer that was never closed leaves 0. libsndfile then sees a
/// `data` chunk longer than the file, which savvy's decoder rightly refuses as a truncated
/// recording. Here the response is complete, so the true sizes are known: the RIFF size becomes
/// the body length − 8 and a `data` chunk that claims more than remains (or 0) is cut to what
/// remains. A well-formed WAV, or anything that is not a RIFF/WAVE file, is returned unchanged.
enum StreamedWAV {
    static func repairingSizes(_ bytes: Data) -> Data {
        var data = Data(bytes)
        guard data.count >= 12, data.prefix(4) == Data("RIFF".utf8), data[8..<12] == Data("WAVE".utf8) else { return bytes }
        let riffSize = UInt32(data.count - 8)
        if readUInt32(data, at: 4) != riffSize { writeUInt32(&data, riffSize, at: 4) }
        var offset = 12
        while offset + 8 <= data.count {
            let id = data[offset..<(offset + 4)]
            let size = readUInt32(data, at: offset + 4)
            let remaining = data.count - offset - 8
            if id == Data("data".utf8) {
                if size == 0 || Int(size) > remaining { writeUInt32(&data, UInt32(remaining), at: offset + 4) }
                break
            }
            // Chunks are padded to an even length.
            offset += 8 + Int(size) + Int(size & 1)
        }
        return data
    }

    private static func readUInt32(_ data: Data, at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(data[offset + index]) << (8 * UInt32(index)) }
    }

    private static func writeUInt32(_ data: inout Data, _ value: UInt32, at offset: Int) {
        for index in 0..<4 { data[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }
}
