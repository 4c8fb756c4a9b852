@preconcurrency import Glibc
import Foundation
import SavvyAudio
import SavvyCoach

/// The optional cloud coach voice: an OpenAI-compatible `/v1/audio/speech` endpoint speaks the
/// coach's line, and the WAV it returns is decoded with libsndfile like any recording.
///
/// Only the text the coach says is sent (`SpeechClient`); a follow-up from the LLM tier quotes
/// a few words of the answer, so those words go too — never audio. Any failure throws
/// `SessionError.cloudVoiceFailed` with one safe line; `FallbackVoice` turns that into espeak-ng.
///
/// The audio is decoded to savvy's 16 kHz analysis rate (the one decoder every input uses), so
/// a 24 kHz cloud voice loses its top octave above 8 kHz — speech stays clear.
public struct CloudVoice: Voice {
    public let client: SpeechClient
    /// 0–200, 100 = as the server sent it (the same scale as espeak-ng's volume).
    public let volume: Int
    /// Longest answer kept, in seconds of audio: a line of the coach is a sentence or two.
    static let maxSeconds = 120.0

    public init(client: SpeechClient, volume: Int) {
        self.client = client
        self.volume = volume
    }

    public var summary: String {
        "\(client.endpoint.provider.rawValue) \(client.endpoint.model) voice \(client.voice) (cloud)"
    }

    public func synthesize(_ text: String) throws -> SpokenAudio {
        let bytes: Data
        switch client.speak(text) {
        case let .success(body): bytes = body
        case let .failure(failure): throw SessionError.cloudVoiceFailed(detail: failure.detail)
        }
        let decoded: DecodedAudio
        do {
            decoded = try Self.decode(StreamedWAV.repairingSizes(bytes))
        } catch {
            throw SessionError.cloudVoiceFailed(detail: "its answer is not audio savvy can play (\(error.localizedDescription))")
        }
        let gain = Float(volume) / 100
        let samples = gain == 1 ? decoded.samples : decoded.samples.map { max(-1, min(1, $0 * gain)) }
        return SpokenAudio(samples: samples, sampleRate: decoded.sampleRate)
    }

    /// Decodes the response through a private, already-unlinked file (libsndfile reads paths).
    private static func decode(_ bytes: Data) throws -> DecodedAudio {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/savvy-voice-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw AudioError.writeFailed(path: folder, detail: String(cString: strerror(errno)).lowercased())
        }
        defer { close(descriptor) }
        let path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        unlink(path)
        let written = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
        guard written == bytes.count else {
            throw AudioError.writeFailed(path: folder, detail: "could not hold the voice's audio")
        }
        return try AudioFile.load(path: "/proc/self/fd/\(descriptor)", displayPath: "the cloud voice's audio", maxDuration: maxSeconds)
    }
}
