import Foundation
import SavvyASR
import XCTest
@testable import SavvyCoach

/// Transcripts and delivery summaries built from text with exact, predictable timings.
enum Fixtures {
    /// Words of `text` as an ASR would give them: lower-case, no punctuation. Each word lasts
    /// 0.3 s with 0.1 s gaps; a sentence end (. ? !) adds a 0.6 s pause.
    static func transcript(_ text: String) -> Transcript {
        var words: [TranscriptWord] = []
        var time = 0.5
        for raw in text.split(separator: " ") {
            let sentenceEnd = raw.last.map { ".?!".contains($0) } ?? false
            let cleaned = raw.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "'" }
            guard !cleaned.isEmpty else { continue }
            words.append(TranscriptWord(text: cleaned, start: time, end: time + 0.3, confidence: 0.85))
            time += 0.4 + (sentenceEnd ? 0.6 : 0)
        }
        return Transcript(words: words, engine: "fixture", model: "none")
    }

    static func summary(
        duration: Double = 90, wpm: Double = 140, fillersPerMinute: Double = 2, pitchSD: Double? = 3.8,
        stalls: Int = 0, pronunciation: Double? = 88
    ) -> DeliverySummary {
        let fillerCount = Int((fillersPerMinute * duration / 60).rounded())
        return DeliverySummary(
            durationSeconds: duration, speakingSeconds: duration - 2, wordCount: Int(wpm * duration / 60), wpm: wpm,
            articulationRate: wpm * 1.15, fillerCount: fillerCount, fillersPerMinute: fillersPerMinute,
            fillerTimes: (0..<fillerCount).map { Double($0) * 7 + 3 }, pauseCount: 12, longPauseCount: 2,
            stallCount: stalls, pitchSDSemitones: pitchSD, loudnessRangeDB: 6, cppsDB: 9, speechRatio: 0.8,
            pronunciation: pronunciation, monotoneSpanCount: 0)
    }

    static let conflictPrompt = "Tell me about a time you resolved a conflict with a colleague."

    static let starComplete = """
        At my last job our team was shipping a billing release and two engineers kept arguing about the design. \
        My task was to resolve the conflict with my colleague before the deadline. \
        So I set up a meeting with both of them and we wrote down each option with its costs. \
        Then I proposed a small prototype to test the riskiest idea. \
        As a result we agreed on one design within two days and the colleague conflict ended. \
        I learned that writing options down takes the heat out of an argument.
        """

    static let starNoTask = """
        At my last job our team was shipping a billing release and two engineers kept arguing about the design. \
        So I set up a meeting with both of them and we wrote down each option with its costs. \
        Then I proposed a small prototype to test the riskiest idea with my colleague. \
        As a result we agreed on one design within two days and the conflict ended. \
        I learned that writing options down takes the heat out of an argument.
        """

    static let offTopic = """
        At my last job I cooked dinner for friends every friday night. \
        My task was to buy vegetables and bake fresh bread. \
        So I started by chopping onions and roasting peppers in the oven. \
        As a result the soup tasted great and everyone asked for the recipe.
        """

    /// A model reply for `starComplete` whose quotes all occur in it.
    static func groundedReply(
        structure: Int = 5, relevance: Int = 4, confidence: String = "high", sections: [(String, String)]? = nil
    ) -> String {
        let chosen = sections ?? [
            ("situation", "At my last job our team was shipping"),
            ("task", "My task was to resolve the conflict"),
            ("action", "So I set up a meeting"),
            ("result", "As a result we agreed on one design"),
        ]
        let content: [String: Any] = [
            "sections": chosen.map { ["section": $0.0, "quote": $0.1] },
            "structure_score": structure,
            "structure_reason": "all four parts are present",
            "structure_confidence": confidence,
            "relevance_score": relevance,
            "relevance_reason": "answers the conflict question directly",
            "tips": [["tip": "Quantify the result: how much time did the agreement save?", "quote": "we agreed on one design within two days"]],
        ]
        return completion(content: json(content))
    }

    /// A /chat/completions envelope around `content`.
    static func completion(content: String?, finishReason: String = "stop", refusal: String? = nil) -> String {
        var message: [String: Any] = ["role": "assistant", "content": content ?? NSNull()]
        if let refusal { message["refusal"] = refusal }
        return json([
            "id": "chatcmpl-test", "object": "chat.completion", "model": "fake",
            "choices": [["index": 0, "finish_reason": finishReason, "message": message]],
        ])
    }

    static func json(_ object: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A temporary directory removed when the test ends.
    static func temporaryDirectory(_ test: XCTestCase) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("savvy-coach-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

