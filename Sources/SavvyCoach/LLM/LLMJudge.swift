import Foundation
import SavvyASR

/// Gets one validated `ModelJudgment` from one endpoint: cache first, then up to two requests
/// (an invalid or truncated answer is asked once more), then one escalation to the larger model
/// when the answer's structure confidence is low.
struct LLMJudge {
    /// A validated answer and how it was obtained.
    struct Judged {
        var judgment: ModelJudgment
        var model: String
        var escalated: Bool
        var cacheHit: Bool
        /// Non-fatal failures on the way (a failed escalation keeps the first answer).
        var notes: [DegradeNote]
    }

    /// A judged answer, or the note saying why this endpoint failed.
    enum Outcome {
        case judged(Judged)
        case failed(DegradeNote)
    }

    /// One model's answer, or why it failed.
    private enum Asked {
        case answer(judgment: ModelJudgment, cacheHit: Bool)
        case failed(DegradeNote)
    }

    var endpoint: LLMEndpoint
    var client: ChatCompletionClient
    var cache: (any JudgmentCache)?
    var readCache: Bool
    /// Cleans every model-written string before it is used, shown or cached.
    var redactor: Redactor

    func judge(transcript: Transcript, summary: DeliverySummary, drill: Drill, prompt: String) -> Outcome {
        let first: (judgment: ModelJudgment, cacheHit: Bool)
        switch ask(model: endpoint.model, transcript: transcript, summary: summary, drill: drill, prompt: prompt) {
        case let .failed(note): return .failed(note)
        case let .answer(judgment, cacheHit): first = (judgment, cacheHit)
        }
        guard first.judgment.structureConfidence == "low", let larger = endpoint.escalationModel, larger != endpoint.model else {
            return .judged(Judged(judgment: first.judgment, model: endpoint.model, escalated: false, cacheHit: first.cacheHit, notes: []))
        }
        switch ask(model: larger, transcript: transcript, summary: summary, drill: drill, prompt: prompt) {
        case let .answer(judgment, cacheHit):
            return .judged(Judged(judgment: judgment, model: larger, escalated: true, cacheHit: cacheHit, notes: []))
        case let .failed(note):
            return .judged(Judged(judgment: first.judgment, model: endpoint.model, escalated: false, cacheHit: first.cacheHit, notes: [note]))
        }
    }

    /// The cache key: SHA-256 over model, prompt version, drill, prompt, timed transcript and
    /// delivery summary, as sorted-key JSON so equal inputs give equal keys.
    static func cacheKey(model: String, transcript: Transcript, summary: DeliverySummary, drill: Drill, prompt: String) -> String {
        struct Material: Encodable {
            var model: String
            var promptVersion: String
            var drill: String
            var prompt: String
            var transcript: [TranscriptWord]
            var summary: DeliverySummary
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let material = Material(
            model: model, promptVersion: RubricPrompt.version, drill: drill.id, prompt: prompt,
            transcript: transcript.words, summary: summary)
        let bytes = (try? encoder.encode(material)) ?? Data()
        return SHA256.hex(of: bytes)
    }

    private func note(_ model: String, _ failure: LLMFailure) -> DegradeNote {
        DegradeNote(
            tier: endpoint.provider.tier, provider: endpoint.provider, model: model, reason: failure.reason,
            detail: redactor.clean(failure.detail))
    }

    private func ask(
        model: String, transcript: Transcript, summary: DeliverySummary, drill: Drill, prompt: String
    ) -> Asked {
        let sectionIDs = drill.sections.map(\.id)
        let key = Self.cacheKey(model: model, transcript: transcript, summary: summary, drill: drill, prompt: prompt)
        if readCache, let cached = cache?.response(forKey: key),
           case let .success(judgment) = ModelJudgment.parse(cached, sectionIDs: sectionIDs)
        {
            return .answer(judgment: judgment.cleaned(by: redactor), cacheHit: true)
        }
        let body = RubricPrompt.requestBody(
            model: model, provider: endpoint.provider, transcript: transcript, summary: summary, drill: drill, prompt: prompt)
        var lastFailure = LLMFailure(reason: .invalidOutput, detail: "no answer")
        for attempt in 1...2 {
            let answer: ChatAnswer
            switch client.complete(body: body) {
            case let .failure(failure):
                // Invalid envelopes get the second chance; HTTP and transport failures do not.
                guard failure.reason == .invalidOutput else { return .failed(note(model, failure)) }
                lastFailure = LLMFailure(reason: .invalidOutput, detail: "\(failure.detail) (attempt \(attempt))")
                continue
            case let .success(value):
                answer = value
            }
            if answer.refused {
                return .failed(note(model, LLMFailure(reason: .refusal, detail: "model refused (finish_reason \(answer.finishReason ?? "none"))")))
            }
            guard answer.finishReason == "stop" else {
                let reason: DegradeReason = answer.finishReason == "length" ? .truncated : .invalidOutput
                lastFailure = LLMFailure(reason: reason, detail: "finish_reason \(answer.finishReason ?? "missing") (attempt \(attempt))")
                continue
            }
            switch ModelJudgment.parse(answer.content, sectionIDs: sectionIDs) {
            case let .success(parsed):
                let judgment = parsed.cleaned(by: redactor)
                cache?.store(key: key, model: model, response: judgment.encoded())
                return .answer(judgment: judgment, cacheHit: false)
            case let .failure(invalid):
                lastFailure = LLMFailure(reason: .invalidOutput, detail: "\(invalid.detail) (attempt \(attempt))")
            }
        }
        return .failed(note(model, lastFailure))
    }
}
