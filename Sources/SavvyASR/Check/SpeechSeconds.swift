/// How much of a span the VAD heard as speech: the loop check asks whether repeated words lie
/// over speech, the stretched-word rule whether a word's excess does.
enum SpeechSeconds {
    /// Seconds of `speech` (segments, seconds, not overlapping) inside `span`.
    static func inside(_ span: (start: Double, end: Double), speech: [(start: Double, end: Double)]) -> Double {
        var total = 0.0
        for segment in speech {
            total += max(0, min(segment.end, span.end) - max(segment.start, span.start))
        }
        return total
    }
}
