/// The deterministic criteria: Fluency, Pace, Delivery, Engagement and Conciseness.
///
/// Read only `DeliverySummary` and the drill target; never a model (DESIGN.md §2). Mappings from
/// bands to 1–5 are savvy's own and versioned with `ScoreRubric.version`.
public enum DeliveryRubric {
    /// Fillers band (green 5; amber 4 up to 6/min, else 3; red 2, 1 from 12/min — the source's
    /// clear-penalty rate), minus 1 for any stall over 3 s and 1 more for three or more.
    public static func fluency(_ summary: DeliverySummary) -> CriterionScore {
        let rate = summary.fillersPerMinute
        var score: Int
        switch Bands.fillers.classify(rate) {
        case .green: score = 5
        case .amber: score = rate <= 6 ? 4 : 3
        case .red: score = rate < 12 ? 2 : 1
        }
        if summary.stallCount >= 1 { score -= 1 }
        if summary.stallCount >= 3 { score -= 1 }
        // In words, not band ids ("red"): the report's label already carries the colour.
        let reason = "\(Plural.count(summary.fillerCount, "filler")), \(Clock.oneDecimal(rate)) a minute (aim for 3 or fewer); "
            + "\(Plural.count(summary.longPauseCount, "long pause")), \(Plural.count(summary.stallCount, "stall")) over 3 s"
        return CriterionScore(score: score, reason: reason, tier: .deterministic)
    }

    /// Pace band: green 5; amber 4 within 10 wpm of green, else 3; red 2 within 15 wpm of amber, else 1.
    public static func pace(_ summary: DeliverySummary) -> CriterionScore {
        guard summary.wordCount > 0 else {
            return CriterionScore(score: 1, reason: "no words heard", tier: .deterministic)
        }
        let wpm = summary.wpm
        let score: Int
        let band = Bands.pace.classify(wpm)
        switch band {
        case .green: score = 5
        case .amber: score = (wpm >= 110 && wpm <= 175) ? 4 : 3
        case .red: score = (wpm >= 85 && wpm <= 200) ? 2 : 1
        }
        let relation = wpm > 165 ? "fast for" : wpm < 120 ? "slow for" : "inside"
        return CriterionScore(
            score: score, reason: "\(Int(wpm.rounded())) wpm, \(relation) the 120–165 wpm target",
            tier: .deterministic)
    }

    /// Pronunciation (ASR confidence, 0–100): ≥85 → 5, ≥70 → 4, ≥55 → 3, ≥40 → 2, else 1; minus 1
    /// when speech fills under 30 % of the recording. Neutral 3 when pronunciation is not measured.
    public static func delivery(_ summary: DeliverySummary) -> CriterionScore {
        var score: Int
        var reason: String
        if let pronunciation = summary.pronunciation {
            switch pronunciation {
            case 85...: score = 5
            case 70...: score = 4
            case 55...: score = 3
            case 40...: score = 2
            default: score = 1
            }
            reason = "pronunciation \(Int(pronunciation.rounded()))/100"
        } else {
            score = 3
            reason = "pronunciation not measured by this ASR engine; neutral score"
        }
        let speechPercent = Int((summary.speechRatio * 100).rounded())
        if summary.speechRatio < 0.3 { score -= 1 }
        reason += "; speech in \(speechPercent)% of the recording"
        return CriterionScore(score: score, reason: reason, tier: .deterministic)
    }

    /// Pitch variety band: expressive 5; amber 4 from 2.75 semitones, else 3; flat 2, 1 under
    /// 1 semitone; minus 1 for two or more monotone stretches. Neutral 3 without a pitch track.
    public static func engagement(_ summary: DeliverySummary) -> CriterionScore {
        guard let sd = summary.pitchSDSemitones else {
            return CriterionScore(
                score: 3, reason: "too little voicing to measure pitch variety; neutral score", tier: .deterministic)
        }
        var score: Int
        let band = Bands.pitchVariety.classify(sd)
        switch band {
        case .green: score = 5
        case .amber: score = sd >= 2.75 ? 4 : 3
        case .red: score = sd >= 1 ? 2 : 1
        }
        if summary.monotoneSpanCount >= 2 { score -= 1 }
        let reason = "pitch SD \(Clock.oneDecimal(sd)) semitones (\(band == .red ? "flat" : band == .green ? "expressive" : "moderate")); "
            + Plural.count(summary.monotoneSpanCount, "monotone stretch", "monotone stretches")
        return CriterionScore(score: score, reason: reason, tier: .deterministic)
    }

    /// Duration against the drill target: inside 5; within 15 % 4; 35 % 3; 60 % 2; further 1.
    public static func conciseness(_ summary: DeliverySummary, target: DurationRange) -> CriterionScore {
        let seconds = summary.durationSeconds
        let miss = target.relativeMiss(seconds)
        let score: Int
        switch miss {
        case 0: score = 5
        case ...0.15: score = 4
        case ...0.35: score = 3
        case ...0.6: score = 2
        default: score = 1
        }
        // The words grade the miss as the score does, so "4/5" never reads as a plain failure.
        let short = seconds < target.minSeconds
        let relation: String
        switch score {
        case 5: relation = "within"
        case 4: relation = short ? "just short of" : "just over"
        case 3: relation = short ? "short of" : "over"
        default: relation = short ? "well short of" : "well over"
        }
        let reason = "\(Int(seconds.rounded())) s, \(relation) the \(Int(target.minSeconds))–\(Int(target.maxSeconds)) s target"
        return CriterionScore(score: score, reason: reason, tier: .deterministic)
    }
}
