import SavvyASR
import SavvyCoach
import SavvyDSP

/// A stretch of the transcript read as one sentence, with the time it covers and the drill
/// section it belongs to.
struct ReportSentence: Equatable {
    /// Indices into `Transcript.words`.
    let words: Range<Int>
    let start: Double
    let end: Double
    /// The structure-map section the sentence opens in, nil before the first found section.
    let sectionID: String?

    /// The transcript's sentences (`Transcript.sentences(pauses:)`: the engine's punctuation,
    /// else pauses, with the VAD's silences as evidence), cut again where a structure section
    /// starts inside one, each labelled with the section it opens in.
    static func split(_ transcript: Transcript, pauses: [Pause], structure: [StructureSpan]) -> [ReportSentence] {
        let words = transcript.words
        guard !words.isEmpty else { return [] }
        let found = structure.compactMap { span in span.start.map { (id: span.sectionID, start: $0) } }
            .sorted { $0.start < $1.start }
        func section(at time: Double) -> String? {
            // A section starts at its first word; a tolerance of 10 ms absorbs JSON rounding.
            found.last { $0.start <= time + 0.01 }?.id
        }
        func piece(_ range: Range<Int>) -> ReportSentence {
            ReportSentence(words: range, start: words[range.lowerBound].start, end: words[range.upperBound - 1].end,
                           sectionID: section(at: words[range.lowerBound].start))
        }
        var pieces: [ReportSentence] = []
        for sentence in transcript.sentences(pauses: pauses.map { (start: $0.start, end: $0.end) }) {
            var first = sentence.words.lowerBound
            for i in sentence.words where i > first && section(at: words[i].start) != section(at: words[i - 1].start) {
                pieces.append(piece(first..<i))
                first = i
            }
            pieces.append(piece(first..<sentence.words.upperBound))
        }
        return merged(pieces)
    }

    /// Pieces shorter than this many words (a lone "umm", "and so") are joined to a neighbour
    /// in the same section: a pause around a hesitation is not the end of a sentence.
    static let minimumWords = 3

    static func merged(_ pieces: [ReportSentence]) -> [ReportSentence] {
        var result: [ReportSentence] = []
        var pending: ReportSentence?
        for piece in pieces {
            var current = piece
            if let head = pending, head.sectionID == current.sectionID {
                current = ReportSentence(words: head.words.lowerBound..<current.words.upperBound, start: head.start,
                                         end: current.end, sectionID: current.sectionID)
            } else if let head = pending {
                // The next piece opens another section: the fragment ends the previous sentence
                // when that one shares its section, and stands alone otherwise.
                if let last = result.last, last.sectionID == head.sectionID {
                    result[result.count - 1] = ReportSentence(words: last.words.lowerBound..<head.words.upperBound,
                                                              start: last.start, end: head.end, sectionID: head.sectionID)
                } else {
                    result.append(head)
                }
            }
            pending = nil
            if current.words.count < minimumWords {
                pending = current
            } else {
                result.append(current)
            }
        }
        if let tail = pending {
            if let last = result.last, last.sectionID == tail.sectionID {
                result[result.count - 1] = ReportSentence(words: last.words.lowerBound..<tail.words.upperBound,
                                                          start: last.start, end: tail.end, sectionID: tail.sectionID)
            } else {
                result.append(tail)
            }
        }
        return result
    }
}
