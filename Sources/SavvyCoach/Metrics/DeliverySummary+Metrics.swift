extension DeliverySummary {
    /// The rubric's view of the measured metrics.
    public init(metrics m: SpeechMetrics) {
        self.init(
            durationSeconds: m.durationSeconds,
            speakingSeconds: m.pace.speakingSeconds,
            wordCount: m.pace.wordCount + m.fillers.lexiconCount,
            wpm: m.pace.wpm ?? 0,
            articulationRate: m.pace.articulationRate ?? 0,
            fillerCount: m.fillers.count,
            fillersPerMinute: m.fillers.perMinute,
            fillerTimes: m.fillers.items.map(\.start),
            pauseCount: m.pauses.count,
            longPauseCount: m.pauses.long,
            stallCount: m.pauses.stalls,
            pitchSDSemitones: m.pitch?.sdSemitones,
            loudnessRangeDB: m.loudness?.rangeDB,
            cppsDB: m.voice?.cppsVoicedDB ?? m.voice?.cppsDB,
            speechRatio: m.speechRatio,
            pronunciation: m.pronunciation,
            monotoneSpanCount: m.pitch?.monotoneSpans.count ?? 0)
    }
}
