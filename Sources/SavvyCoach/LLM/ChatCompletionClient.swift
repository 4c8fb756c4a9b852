import Foundation

/// Sends one chat completion to an OpenAI-compatible endpoint with bounded retries.
///
/// Retries only HTTP 429 and 503 (the statuses that promise a later success), honouring
/// `Retry-After`; every other failure returns at once so the router can degrade quickly.
/// Failure details quote the server only through `redactor`: no key, control character or
/// escape sequence from a server reaches a degrade note.
struct ChatCompletionClient: Sendable {
    var endpoint: LLMEndpoint
    var transport: any HTTPTransport
    var sleeper: any Sleeper
    var retry: RetryPolicy
    var redactor: Redactor

    func complete(body: Data) -> Result<ChatAnswer, LLMFailure> {
        exchange(body: body).mapError { LLMFailure(reason: $0.reason, detail: redactor.clean($0.detail)) }
    }

    private func exchange(body: Data) -> Result<ChatAnswer, LLMFailure> {
        var headers = ["Content-Type": "application/json", "Accept": "application/json"]
        if let credential = endpoint.credential {
            headers["Authorization"] = "Bearer \(credential.value)"
        }
        var attempt = 1
        while true {
            let result = transport.post(
                url: endpoint.chatCompletionsURL, headers: headers, body: body, timeoutSeconds: endpoint.timeoutSeconds)
            let response: HTTPResponse
            switch result {
            case let .failure(failure):
                return .failure(Self.map(failure))
            case let .success(value):
                response = value
            }
            switch response.status {
            case 200..<300:
                return parseEnvelope(response.body)
            case 429, 503:
                if let wait = retry.delay(afterAttempt: attempt, retryAfter: response.headers["retry-after"]) {
                    sleeper.sleep(seconds: wait)
                    attempt += 1
                    continue
                }
                let detail = "HTTP \(response.status) after \(attempt) attempt\(attempt == 1 ? "" : "s")"
                    + (response.headers["retry-after"].map { "; retry-after \($0)" } ?? "")
                    + redactor.errorSuffix(response.body)
                return .failure(LLMFailure(reason: response.status == 429 ? .rateLimited : .serverError, detail: detail))
            case 401, 403:
                return .failure(LLMFailure(reason: .unauthorized, detail: "HTTP \(response.status)" + redactor.errorSuffix(response.body)))
            case 500...:
                return .failure(LLMFailure(reason: .serverError, detail: "HTTP \(response.status)" + redactor.errorSuffix(response.body)))
            default:
                return .failure(LLMFailure(reason: .rejected, detail: "HTTP \(response.status)" + redactor.errorSuffix(response.body)))
            }
        }
    }

    private static func map(_ failure: TransportFailure) -> LLMFailure {
        switch failure {
        case .timeout: return LLMFailure(reason: .timeout, detail: "no complete answer in time")
        case let .unreachable(detail): return LLMFailure(reason: .unreachable, detail: detail)
        case let .partial(detail): return LLMFailure(reason: .transport, detail: "response cut short: \(detail)")
        case let .other(code, detail): return LLMFailure(reason: .transport, detail: "libcurl \(code): \(detail)")
        }
    }

    /// Reads choices[0] of a successful reply. A body that is not the expected envelope counts
    /// as invalid output (the router asks once more).
    private func parseEnvelope(_ body: Data) -> Result<ChatAnswer, LLMFailure> {
        guard let root = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            return .failure(LLMFailure(reason: .invalidOutput, detail: "response body is not JSON"))
        }
        guard let choices = root["choices"] as? [Any], let first = choices.first as? [String: Any],
              let message = first["message"] as? [String: Any]
        else {
            return .failure(LLMFailure(reason: .invalidOutput, detail: "response has no choices[0].message"))
        }
        let finish = first["finish_reason"] as? String
        let refusal = message["refusal"] as? String
        let content = message["content"] as? String ?? ""
        let refused = (refusal.map { !$0.isEmpty } ?? false) || finish == "content_filter"
        return .success(ChatAnswer(content: Data(content.utf8), finishReason: finish, refused: refused))
    }
}
