import Foundation

/// Asks an OpenAI-compatible text-to-speech endpoint (`POST {base}/audio/speech`) to speak one
/// line of the coach's text, and returns the audio bytes it sends back.
///
/// Only text goes out: the request is `{"input", "model", "response_format", "speed", "voice"}`
/// and nothing else, so no recording of the user can reach the server by this path. The
/// endpoint (base URL, key, proxy rule for loopback) comes from the same configuration as the
/// cloud LLM tier (`CoachConfiguration.endpoint(for:)`).
///
/// There are no retries: the coach is waiting to speak, and the caller falls back to the
/// offline voice at once on any failure (`SpeechFailure`). Everything a server writes into a
/// failure passes through the same `Redactor` as the LLM tier's, so a key echoed in an error
/// body never reaches the terminal.
public struct SpeechClient: Sendable {
    /// What the server is asked for: WAV, which libsndfile decodes (OpenAI also streams it, with
    /// placeholder sizes in the header; see `StreamedWAV`).
    public static let responseFormat = "wav"

    public let endpoint: LLMEndpoint
    /// The server's voice name (`alloy`, `nova`, …).
    public let voice: String
    /// Speaking speed, 1 = the server's normal (OpenAI accepts 0.25–4).
    public let speed: Double
    let transport: any HTTPTransport
    let redactor: Redactor

    /// - Parameters:
    ///   - endpoint: base URL, credential and timeout; `model` is the speech model.
    ///   - secrets: every configured key and token, redacted from failure details.
    public init(endpoint: LLMEndpoint, voice: String, speed: Double, secrets: [Secret],
                transport: any HTTPTransport = CurlTransport()) {
        self.endpoint = endpoint
        self.voice = voice
        self.speed = speed
        self.transport = transport
        self.redactor = Redactor(secrets: secrets.map(\.value))
    }

    /// `{base}/audio/speech`.
    public var speechURL: String { endpoint.baseURL + "/audio/speech" }

    /// The request body, sorted keys so the same line gives the same bytes.
    public static func requestBody(model: String, voice: String, input: String, speed: Double) -> Data {
        let body: [String: Any] = [
            "input": input, "model": model, "response_format": responseFormat, "voice": voice,
            // Two decimals: the value is derived from a words-per-minute setting.
            "speed": (speed * 100).rounded() / 100,
        ]
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The audio bytes for `text`, or why there are none.
    public func speak(_ text: String) -> Result<Data, SpeechFailure> {
        var headers = ["Content-Type": "application/json", "Accept": "audio/wav"]
        if let credential = endpoint.credential {
            headers["Authorization"] = "Bearer \(credential.value)"
        }
        let body = Self.requestBody(model: endpoint.model, voice: voice, input: text, speed: speed)
        switch transport.post(url: speechURL, headers: headers, body: body, timeoutSeconds: endpoint.timeoutSeconds) {
        case let .failure(failure):
            return .failure(SpeechFailure(detail: redactor.clean(describe(failure))))
        case let .success(response):
            guard (200..<300).contains(response.status) else {
                return .failure(SpeechFailure(detail: "HTTP \(response.status)" + redactor.errorSuffix(response.body)))
            }
            guard !response.body.isEmpty else {
                return .failure(SpeechFailure(detail: "HTTP \(response.status) with no audio"))
            }
            return .success(response.body)
        }
    }

    private func describe(_ failure: TransportFailure) -> String {
        switch failure {
        case .timeout: return "no complete answer in \(Self.seconds(endpoint.timeoutSeconds)) s"
        case let .unreachable(detail): return "unreachable: \(detail)"
        case let .partial(detail): return "response cut short: \(detail)"
        case let .other(code, detail): return "libcurl \(code): \(detail)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
