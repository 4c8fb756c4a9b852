import Foundation
import SavvyASR
import SavvySemantic

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
    private let embedder: (any SentenceEmbedding)?

    /// - Parameters:
    ///   - transport: HTTP for the LLM tiers; libcurl by default.
    ///   - sleeper: waits between 429/503 retries; tests inject one that records.
    ///   - cache: validated model answers by input hash; nil for none.
    ///   - embedder: the sentence encoder of the semantic tier; nil when its model is not
    ///     installed (the tier is then excluded from every plan).
    public init(
        configuration: CoachConfiguration, transport: any HTTPTransport = CurlTransport(),
        sleeper: any Sleeper = ThreadSleeper(), retry: RetryPolicy = .standard, cache: (any JudgmentCache)? = nil,
        embedder: (any SentenceEmbedding)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleeper = sleeper
        self.retry = retry
        self.cache = cache
        self.embedder = embedder.map { EmbeddingCache($0) }
    }

    /// Reads `<configDirectory>/coach.conf` and the environment; see `CoachConfiguration`. The
    /// semantic tier's encoder is loaded from where `SentenceEncoder.locate` finds the sentence
    /// model (`make venv` installs it); without it the semantic tier is left out of every plan.
    /// Its weights are read when the first answer is judged, not here: a score holds them only
    /// for its last stage, after recognition and the transcript check have freed their memory.
    /// - Throws: `CoachError` for a bad config; the encoder's error for a model that is present
    ///   but whose files cannot be used (a broken install should be fixed, not silently ignored).
    public convenience init(
        environment: [String: String], configDirectory: URL, cache: (any JudgmentCache)? = nil
    ) throws {
        let configuration = try CoachConfiguration.load(
            environment: environment, configFile: configDirectory.appendingPathComponent("coach.conf"))
        let embedder = try SentenceEncoder.locate(environment: environment).map {
            try SentenceEncoder(modelDirectory: $0, weights: .onFirstEmbed)
        }
        self.init(configuration: configuration, cache: cache, embedder: embedder)
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
        var semantic: TierCandidate?
        if options.coach == .heuristic {
            excluded.append(ExcludedTier(tier: .semantic, provider: nil, why: "--coach heuristic"))
        } else if let embedder {
            semantic = TierCandidate(tier: .semantic, model: "\(embedder.modelID)/\(SemanticScorer.version)")
        } else {
            excluded.append(ExcludedTier(tier: .semantic, provider: nil, why: "sentence model not installed (make venv)"))
        }
        if options.coach == .llm && local == nil && cloud.isEmpty {
            throw CoachError.llmUnavailable(why: excluded.map { "\($0.provider?.rawValue ?? $0.tier.rawValue): \($0.why)" }.joined(separator: "; "))
        }
        let plans = Workload.allCases.map { workload in
            RouterDecision.Plan(workload: workload, candidates: workload.preferredTiers.flatMap { tier -> [TierCandidate] in
                switch tier {
                case .deterministic: return [TierCandidate(tier: .deterministic)]
                case .heuristic: return [TierCandidate(tier: .heuristic)]
                case .semantic: return semantic.map { [$0] } ?? []
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

        // The semantic tier judges structure and relevance together, once, when first asked.
        var semanticResult: Result<SemanticJudgment, CoachError>?
        func semanticJudgment() -> Result<SemanticJudgment, CoachError> {
            if let known = semanticResult { return known }
            let result: Result<SemanticJudgment, CoachError>
            if let embedder {
                do {
                    result = .success(try SemanticScorer(embedder: embedder).judge(
                        transcript: transcript, drill: drill, prompt: prompt))
                } catch let error as CoachError {
                    result = .failure(error)
                } catch {
                    result = .failure(.semanticUnavailable(why: error.localizedDescription))
                }
            } else {
                result = .failure(.semanticUnavailable(why: "sentence model not installed"))
            }
            semanticResult = result
            return result
        }
        func semanticNote(_ error: CoachError) -> DegradeNote {
            DegradeNote(
                tier: .semantic, provider: nil, model: embedder?.modelID, reason: .semanticFailed,
                detail: error.localizedDescription)
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
        structureLoop: for candidate in decision.candidates(for: .structureExtraction) {
            if candidate.tier == .semantic {
                switch semanticJudgment() {
                case let .success(judged):
                    structure = judged.readsLikeAnswer
                        ? StructureAssessment.score(spans: judged.spans, inOrder: judged.inOrder, tier: .semantic)
                        : StructureAssessment.notAnAnswer(drill: drill, tier: .semantic)
                    structureMap = judged.spans
                    structureOutcome = WorkloadOutcome(
                        workload: .structureExtraction, tier: .semantic, provider: nil, model: candidate.model,
                        escalated: false, cacheHit: false, degraded: notes, dropped: [])
                    break structureLoop
                case let .failure(error):
                    notes.append(semanticNote(error))
                    continue
                }
            }
            guard candidate.tier != .heuristic, let result = judgment(for: candidate) else { break }
            switch result {
            case let .failed(note):
                notes.append(note)
            case let .judged(answer):
                // Checked against the on-device map: the semantic tier's when it can judge, else
                // the heuristic's.
                let onDevice = embedder.flatMap { _ in try? semanticJudgment().get() }
                if let onDevice, !onDevice.readsLikeAnswer {
                    // Any text has quotable sentences; a map of one that is no answer is not plausible.
                    notes.append(contentsOf: answer.notes)
                    notes.append(DegradeNote(
                        tier: candidate.tier, provider: candidate.provider, model: answer.model, reason: .implausible,
                        detail: "the recording does not read like \(drill.titleWithArticle) at all (on-device answer gate), "
                            + "so no section map of it is plausible"))
                    continue
                }
                switch JudgmentReview.structure(
                    answer.judgment, drill: drill, index: index, onDevice: onDevice?.spans ?? heuristicStructure.spans,
                    onDeviceInOrder: onDevice?.inOrder ?? heuristicStructure.inOrder, tier: candidate.tier)
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
        coachingLoop: for candidate in decision.candidates(for: .semanticCoaching) {
            if candidate.tier == .semantic {
                switch semanticJudgment() {
                case let .success(judged):
                    relevance = judged.relevance
                    coachingOutcome = WorkloadOutcome(
                        workload: .semanticCoaching, tier: .semantic, provider: nil, model: candidate.model,
                        escalated: false, cacheHit: false, degraded: notes, dropped: [])
                    break coachingLoop
                case let .failure(error):
                    notes.append(semanticNote(error))
                    continue
                }
            }
            guard candidate.tier != .heuristic, let result = judgment(for: candidate) else { break }
            switch result {
            case let .failed(note):
                notes.append(note)
            case let .judged(answer):
                var checks: [DegradeNote] = []
                // Checked against the semantic tier's calibrated relevance when it can judge.
                let onDevice = embedder.flatMap { _ in try? semanticJudgment().get() }
                switch JudgmentReview.relevance(answer.judgment, onDevice: onDevice?.relevance, tier: candidate.tier) {
                case let .success(criterion): relevance = criterion
                case let .failure(failure):
                    checks.append(DegradeNote(
                        tier: candidate.tier, provider: candidate.provider, model: answer.model, reason: failure.reason,
                        detail: failure.detail))
                    // The model's tips may still be kept below; the relevance is then the
                    // on-device one the model was checked against, not the word-overlap fallback.
                    if let onDevice { relevance = onDevice.relevance }
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
        let fluency = DeliveryRubric.fluency(summary)
        let pace = DeliveryRubric.pace(summary)
        let engagement = DeliveryRubric.engagement(summary)
        let conciseness = DeliveryRubric.conciseness(summary, target: drill.target)
        // A model tip and an evidence tip may say the same thing in other words: keep the first.
        let tips = JudgmentReview.distinct(TipWriter.tips(
            summary: summary, drill: drill, structureMap: structureMap, inOrder: structure.inOrder ?? true,
            prompt: prompt, relevance: relevance,
            scores: TipWriter.Scores(
                structure: structure.score ?? 5, relevance: relevance.score ?? 5, fluency: fluency.score ?? 5,
                pace: pace.score ?? 5, engagement: engagement.score ?? 5, conciseness: conciseness.score ?? 5),
            modelTips: modelTips))
        return ScoreRubric(
            drillID: drill.id, prompt: prompt, structure: structure, relevance: relevance,
            fluency: fluency, pace: pace, delivery: DeliveryRubric.delivery(summary), engagement: engagement,
            conciseness: conciseness, pronunciation: summary.pronunciation,
            structureMap: structureMap, tips: tips, provenance: provenance)
    }

    private static func candidate(_ endpoint: LLMEndpoint) -> TierCandidate {
        TierCandidate(
            tier: endpoint.provider.tier, provider: endpoint.provider, model: endpoint.model,
            escalationModel: endpoint.escalationModel)
    }
}
