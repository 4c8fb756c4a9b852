import Foundation
import SavvyASR

/// Decides which tier judges each workload and produces the `ScoreRubric`.
///
/// `decide` is pure (configuration + options → plan). `score` blocks while LLM tiers answer
/// (libcurl runs on its own thread), so call it from a plain thread or the main thread, not from
/// inside a Swift concurrency task. Delivery criteria never touch a model; content workloads walk
/// their tier list and degrade on any failure, recording why.
public final class ScoringRouter {
    public let configuration: CoachConfiguration
    private let transport: any HTTPTransport
    private let sleeper: any Sleeper
    private let retry: RetryPolicy
    private let cache: (any JudgmentCache)?

    /// - Parameters:
    ///   - transport: HTTP for the LLM tiers; libcurl by default.
    ///   - sleeper: waits between 429/503 retries; tests inject one that records.
    ///   - cache: validated model answers by input hash; nil for none.
    public init(
        configuration: CoachConfiguration, transport: any HTTPTransport = CurlTransport(),
        sleeper: any Sleeper = ThreadSleeper(), retry: RetryPolicy = .standard, cache: (any JudgmentCache)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleeper = sleeper
        self.retry = retry
        self.cache = cache
    }

    /// Reads `<configDirectory>/coach.conf` and the environment; see `CoachConfiguration`.
    public convenience init(
        environment: [String: String], configDirectory: URL, cache: (any JudgmentCache)? = nil
    ) throws {
        let configuration = try CoachConfiguration.load(
            environment: environment, configFile: configDirectory.appendingPathComponent("coach.conf"))
        self.init(configuration: configuration, cache: cache)
    }

    /// The plan for `options`: each workload's ordered candidates after capability filtering.
    /// Throws `CoachError.llmUnavailable` when `--coach llm` finds no runnable LLM tier.
    public func decide(options: ScoringOptions) throws -> RouterDecision {
        var excluded: [ExcludedTier] = []
        var local: TierCandidate?
        var cloud: [TierCandidate] = []

        if options.coach == .heuristic {
            excluded.append(ExcludedTier(tier: .llmLocal, provider: nil, why: "--coach heuristic"))
            excluded.append(ExcludedTier(tier: .llmCloud, provider: nil, why: "--coach heuristic"))
        } else {
            switch configuration.endpoint(for: .local) {
            case let .available(endpoint): local = Self.candidate(endpoint)
            case let .unavailable(why): excluded.append(why)
            }
            // `--coach llm` is an explicit opt-in: without a `cloud` setting it tries the
            // providers in default order (proxy, then Groq, then OpenAI) that have credentials.
            let providers = configuration.cloud ?? (options.coach == .llm ? [.proxy, .groq, .openai] : [])
            if providers.isEmpty {
                excluded.append(ExcludedTier(tier: .llmCloud, provider: nil, why: "cloud not enabled (cloud = groq in coach.conf or SAVVY_LLM_CLOUD)"))
            } else if options.offline {
                excluded.append(ExcludedTier(tier: .llmCloud, provider: nil, why: "--offline"))
            } else {
                for provider in providers {
                    switch configuration.endpoint(for: provider) {
                    case let .available(endpoint): cloud.append(Self.candidate(endpoint))
                    case let .unavailable(why): excluded.append(why)
                    }
                }
            }
        }
        if options.coach == .llm && local == nil && cloud.isEmpty {
            throw CoachError.llmUnavailable(why: excluded.map { "\($0.provider?.rawValue ?? $0.tier.rawValue): \($0.why)" }.joined(separator: "; "))
        }
        let plans = Workload.allCases.map { workload in
            RouterDecision.Plan(workload: workload, candidates: workload.preferredTiers.flatMap { tier -> [TierCandidate] in
                switch tier {
                case .deterministic: return [TierCandidate(tier: .deterministic)]
                case .heuristic: return [TierCandidate(tier: .heuristic)]
                case .llmLocal: return local.map { [$0] } ?? []
                case .llmCloud: return cloud
                }
            })
        }
        return RouterDecision(plans: plans, excluded: excluded)
    }

    /// Scores one answer.
    ///
    /// - Parameters:
    ///   - transcript: the words with times; may be empty (every content criterion is then 1).
    ///   - summary: delivery numbers for the same recording.
    ///   - drill: the drill the answer was for; its sections and target drive structure and
    ///     conciseness.
    ///   - prompt: the question answered.
    /// - Returns: the rubric with provenance; LLM failures degrade, they do not throw.
    /// - Throws: for `--coach llm` only: `CoachError.llmUnavailable` with nothing runnable,
    ///   `CoachError.llmNoAnswer` when no LLM tier gave an answer that passed the checks.
    public func score(
        transcript: Transcript, summary: DeliverySummary, drill: Drill, prompt: String, options: ScoringOptions
    ) throws -> ScoreRubric {
        let decision = try decide(options: options)
        let index = TranscriptIndex(transcript: transcript)
        // Every configured key, not only the endpoint's own: a server may echo any of them.
        let redactor = Redactor(secrets: configuration.credentials.values.map(\.value))

        var judged: [String: LLMJudge.Outcome] = [:]
        func judgment(for candidate: TierCandidate) -> LLMJudge.Outcome? {
            guard let provider = candidate.provider, case let .available(endpoint) = configuration.endpoint(for: provider) else {
                return nil
            }
            // One request per endpoint per score: structure and coaching share the answer.
            if let known = judged[provider.rawValue] { return known }
            let client = ChatCompletionClient(
                endpoint: endpoint, transport: transport, sleeper: sleeper, retry: retry, redactor: redactor)
            let judge = LLMJudge(endpoint: endpoint, client: client, cache: cache, readCache: !options.noCache, redactor: redactor)
            let result = judge.judge(transcript: transcript, summary: summary, drill: drill, prompt: prompt)
            judged[provider.rawValue] = result
            return result
        }

        // Structure.
        let heuristicStructure = StructureDetector.detect(index, drill: drill)
        var structure = HeuristicScorer.structureScore(
            spans: heuristicStructure.spans, inOrder: heuristicStructure.inOrder, tier: .heuristic)
        var structureMap = heuristicStructure.spans
        var structureOutcome = WorkloadOutcome(
            workload: .structureExtraction, tier: .heuristic, provider: nil, model: nil, escalated: false, cacheHit: false,
            degraded: [], dropped: [])
        var notes: [DegradeNote] = []
        for candidate in decision.candidates(for: .structureExtraction) {
            guard candidate.tier != .heuristic, let result = judgment(for: candidate) else { break }
            switch result {
            case let .failed(note):
                notes.append(note)
            case let .judged(answer):
                // Checked against the on-device map: the heuristic's today, the semantic tier's
                // once that tier computes one.
                switch JudgmentReview.structure(
                    answer.judgment, drill: drill, index: index, onDevice: heuristicStructure.spans,
                    onDeviceInOrder: heuristicStructure.inOrder, tier: candidate.tier)
                {
                case let .rejected(reason, detail, _):
                    notes.append(contentsOf: answer.notes)
                    notes.append(DegradeNote(
                        tier: candidate.tier, provider: candidate.provider, model: answer.model, reason: reason, detail: detail))
                    continue
                case let .accepted(criterion, spans, dropped):
                    structure = criterion
                    structureMap = spans
                    structureOutcome = WorkloadOutcome(
                        workload: .structureExtraction, tier: candidate.tier, provider: candidate.provider, model: answer.model,
                        escalated: answer.escalated, cacheHit: answer.cacheHit, degraded: notes + answer.notes,
                        dropped: dropped)
                }
            }
            if case .judged = result { break }
        }
        if structureOutcome.tier == .heuristic { structureOutcome.degraded = notes }

        // Relevance and coaching prose.
        var relevance = HeuristicScorer.relevance(transcript: transcript, prompt: prompt)
        var modelTips: [CoachingTip] = []
        var coachingOutcome = WorkloadOutcome(
            workload: .semanticCoaching, tier: .heuristic, provider: nil, model: nil, escalated: false, cacheHit: false,
            degraded: [], dropped: [])
        notes = []
        for candidate in decision.candidates(for: .semanticCoaching) {
            guard candidate.tier != .heuristic, let result = judgment(for: candidate) else { break }
            switch result {
            case let .failed(note):
                notes.append(note)
            case let .judged(answer):
                var checks: [DegradeNote] = []
                switch JudgmentReview.relevance(answer.judgment, tier: candidate.tier) {
                case let .success(criterion): relevance = criterion
                case let .failure(failure):
                    checks.append(DegradeNote(
                        tier: candidate.tier, provider: candidate.provider, model: answer.model, reason: failure.reason,
                        detail: failure.detail))
                }
                let reviewed = JudgmentReview.tips(answer.judgment.tips, index: index, tier: candidate.tier)
                // Nothing of this answer survived the checks: the next tier may do better.
                if relevance.tier != candidate.tier && reviewed.tips.isEmpty {
                    notes.append(contentsOf: answer.notes + checks)
                    continue
                }
                modelTips = reviewed.tips
                coachingOutcome = WorkloadOutcome(
                    workload: .semanticCoaching, tier: candidate.tier, provider: candidate.provider, model: answer.model,
                    escalated: answer.escalated, cacheHit: answer.cacheHit, degraded: notes + answer.notes + checks,
                    dropped: reviewed.dropped)
            }
            if case .judged = result { break }
        }
        if coachingOutcome.tier == .heuristic { coachingOutcome.degraded = notes }

        // `--coach llm` promises a model's judgment: when none survived, say so rather than
        // hand back the on-device rubric as if it were one.
        let modelTiers: Set<ScoringTier> = [.llmLocal, .llmCloud]
        if options.coach == .llm, !modelTiers.contains(structureOutcome.tier), !modelTiers.contains(coachingOutcome.tier) {
            var seen = Set<String>()
            let why = (structureOutcome.degraded + coachingOutcome.degraded)
                .map { "\($0.provider?.rawValue ?? $0.tier.rawValue) \($0.reason.rawValue): \($0.detail)" }
                .filter { seen.insert($0).inserted }
            throw CoachError.llmNoAnswer(why: why.isEmpty ? "no tier was asked" : why.joined(separator: "; "))
        }

        let deliveryOutcome = WorkloadOutcome(
            workload: .deliveryMetrics, tier: .deterministic, provider: nil, model: nil, escalated: false, cacheHit: false,
            degraded: [], dropped: [])
        let usesLLM = decision.plans.contains { $0.candidates.contains { $0.provider != nil } }
        let provenance = ScoringProvenance(
            rubricVersion: ScoreRubric.version, promptVersion: usesLLM ? RubricPrompt.version : nil, decision: decision,
            outcomes: [deliveryOutcome, structureOutcome, coachingOutcome])
        // A model tip and an evidence tip may say the same thing in other words: keep the first.
        let tips = JudgmentReview.distinct(TipWriter.tips(
            summary: summary, drill: drill, structureMap: structureMap, prompt: prompt, relevance: relevance,
            modelTips: modelTips))
        return ScoreRubric(
            drillID: drill.id, prompt: prompt, structure: structure, relevance: relevance,
            fluency: DeliveryRubric.fluency(summary), pace: DeliveryRubric.pace(summary),
            delivery: DeliveryRubric.delivery(summary), engagement: DeliveryRubric.engagement(summary),
            conciseness: DeliveryRubric.conciseness(summary, target: drill.target), pronunciation: summary.pronunciation,
            structureMap: structureMap, tips: tips, provenance: provenance)
    }

    private static func candidate(_ endpoint: LLMEndpoint) -> TierCandidate {
        TierCandidate(
            tier: endpoint.provider.tier, provider: endpoint.provider, model: endpoint.model,
            escalationModel: endpoint.escalationModel)
    }
}
