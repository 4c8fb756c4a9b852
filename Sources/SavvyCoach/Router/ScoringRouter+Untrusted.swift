import SavvyASR

extension ScoringRouter {
    /// The rubric of an answer whose transcript is not trusted (`TranscriptCheck.trusted` false):
    /// content and word-based criteria are not judged, the rest is judged from the audio.
    ///
    /// Not judged, with `reason`: Structure and Relevance (content), Pace (words per minute),
    /// Fluency (lexicon fillers are words) and Delivery (pronunciation is the recogniser's word
    /// confidence). Judged: Engagement (pitch) and Conciseness (the recording's length), which
    /// read only the audio. No content tier is asked — a model or the sentence encoder would only
    /// judge invented words — so the provenance has the delivery outcome alone. Tips come from the
    /// judged criteria and from stalls (pauses are found by the VAD, not in word gaps).
    ///
    /// - Parameters:
    ///   - summary: delivery numbers; its word-based fields are ignored.
    ///   - reason: why the transcript is not trusted, one lower-case line (`TranscriptCheck.reason`).
    /// - Throws: what `decide(options:)` throws (`--coach llm` with no runnable tier), so a
    ///   broken configuration fails the same way whatever the recording.
    public func scoreUntrusted(
        summary: DeliverySummary, drill: Drill, prompt: String, options: ScoringOptions, reason: String
    ) throws -> ScoreRubric {
        let decision = try decide(options: options)
        let why = "not judged: the transcript is not trusted (\(reason))"
        // The audio-only view of the answer: nothing the words would have given.
        var audio = summary
        audio.wordCount = 0
        audio.wpm = 0
        audio.articulationRate = 0
        audio.fillerCount = 0
        audio.fillersPerMinute = 0
        audio.fillerTimes = []
        audio.pronunciation = nil
        let engagement = DeliveryRubric.engagement(audio)
        let conciseness = DeliveryRubric.conciseness(audio, target: drill.target)
        let relevance = CriterionScore.notJudged(reason: why, tier: .deterministic)
        // Without a map, a relevance score or words, only the stall, pitch and length tips can
        // arise: the other ranks are never read. The stall tip ranks by what the stalls alone give.
        let tips = TipWriter.tips(
            summary: audio, drill: drill, structureMap: [], inOrder: true, prompt: prompt, relevance: relevance,
            scores: TipWriter.Scores(
                structure: 5, relevance: 5, fluency: DeliveryRubric.fluency(audio).score ?? 5, pace: 5,
                engagement: engagement.score ?? 5, conciseness: conciseness.score ?? 5),
            modelTips: [])
        let provenance = ScoringProvenance(
            rubricVersion: ScoreRubric.version, promptVersion: nil, decision: decision,
            outcomes: [WorkloadOutcome(
                workload: .deliveryMetrics, tier: .deterministic, provider: nil, model: nil, escalated: false,
                cacheHit: false, degraded: [], dropped: [])])
        return ScoreRubric(
            drillID: drill.id, prompt: prompt,
            structure: CriterionScore.notJudged(reason: why, tier: .deterministic), relevance: relevance,
            fluency: CriterionScore.notJudged(reason: why, tier: .deterministic),
            pace: CriterionScore.notJudged(reason: why, tier: .deterministic),
            delivery: CriterionScore.notJudged(reason: why, tier: .deterministic),
            engagement: engagement, conciseness: conciseness, pronunciation: nil, structureMap: [], tips: tips,
            provenance: provenance)
    }
}
