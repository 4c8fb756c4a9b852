/// Finds a drill's sections in a transcript from cue phrases and where they occur.
///
/// Each section takes the earliest occurrence of any of its cues whose position (token index ÷
/// token count) lies in the section's window, preferring occurrences that open a sentence. The
/// section then runs to just before the next found section. Deterministic: same words, same map.
public enum StructureDetector {
    /// The detected map (one span per drill section, in drill order) and whether the found
    /// sections appear in the drill's order.
    public static func detect(_ index: TranscriptIndex, drill: Drill) -> (spans: [StructureSpan], inOrder: Bool) {
        let total = index.tokens.count
        var starts: [Int?] = []
        for section in drill.sections {
            var best: (token: Int, opensSentence: Bool)?
            for cue in section.cues {
                let phrase = TextNormalizer.tokens(cue)
                for token in index.occurrences(of: phrase) {
                    let position = total > 1 ? Double(token) / Double(total - 1) : 0
                    guard position >= section.earliest, position <= section.latest else { continue }
                    let opens = index.startsSentence[token]
                    if let current = best {
                        // Sentence openers win; among equals, the earlier one.
                        if (opens && !current.opensSentence) || (opens == current.opensSentence && token < current.token) {
                            best = (token, opens)
                        }
                    } else {
                        best = (token, opens)
                    }
                }
            }
            starts.append(best.map { index.tokenWord[$0.token] })
        }
        let foundStarts = starts.compactMap { $0 }
        let inOrder = zip(foundStarts, foundStarts.dropFirst()).allSatisfy { $0 < $1 }
        let sortedStarts = foundStarts.sorted()
        var spans: [StructureSpan] = []
        for (section, start) in zip(drill.sections, starts) {
            guard let start else {
                spans.append(StructureSpan(sectionID: section.id, name: section.name, quote: nil, start: nil, end: nil))
                continue
            }
            let next = sortedStarts.first { $0 > start }
            let last = max(start, (next ?? index.words.count) - 1)
            let quoteLast = min(last, start + 29)
            spans.append(StructureSpan(
                sectionID: section.id, name: section.name, quote: index.displayText(words: start, quoteLast),
                start: index.words[start].start, end: index.words[last].end))
        }
        return (spans, inOrder)
    }
}
