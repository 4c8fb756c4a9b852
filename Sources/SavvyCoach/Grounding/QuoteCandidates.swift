/// The transcript cut into the spans a model may quote.
///
/// A model asked to "copy 3 to 12 words exactly" often paraphrases, truncates or quotes
/// nothing; a 135M-parameter local model almost never copies correctly. So the request lists these
/// spans and the reply schema makes every quote an `enum` of them: a grammar-constrained server
/// (llama.cpp) or a strict-mode provider can then only answer with real transcript text. The
/// `Grounder` still checks every quote, because a server may ignore the schema.
///
/// Spans are the transcript's pause-split sentences (`TranscriptIndex.sentenceGapSeconds`), each
/// cut into near-equal pieces of at most `maximumWords` words; a piece with fewer than
/// `Grounder.minimumQuoteTokens` tokens joins its neighbour so that every span can ground.
public struct QuoteCandidates: Sendable, Equatable {
    /// Longest span in words before a sentence is cut: about where a section's opening clause
    /// ends, and short enough that a long transcript's enum stays small.
    public static let maximumWords = 12

    /// Most spans offered. OpenAI strict mode caps a schema's enum values (500 across all enum
    /// properties in its older limit, and a character budget once one enum passes 250 values);
    /// the quote enum appears twice (sections and tips), so 200 keeps a long talk inside the
    /// limit. Past it, neighbouring spans join in equal groups (about 14 minutes at 140 wpm).
    public static let maximumSpans = 200

    /// The spans in transcript order, each the words exactly as transcribed joined by spaces;
    /// together they are the whole transcript. A repeated span appears once per occurrence.
    public let spans: [String]

    /// `spans` without repeats, first occurrence first: the values of the schema's `enum`, which
    /// must be distinct. A repeated span grounds at its first occurrence.
    public var choices: [String] {
        var seen: Set<String> = []
        return spans.filter { seen.insert($0).inserted }
    }

    public init(index: TranscriptIndex) {
        let words = index.words
        var tokenCount = [Int](repeating: 0, count: words.count)
        for word in index.tokenWord { tokenCount[word] += 1 }

        // Pause-split sentences as word ranges, then each cut into near-equal pieces.
        var pieces: [ClosedRange<Int>] = []
        var first = 0
        while first < words.count {
            let last = index.sentenceEnd(fromWord: first)
            let length = last - first + 1
            let count = (length + Self.maximumWords - 1) / Self.maximumWords
            var start = first
            for piece in 0..<count {
                // Spread the remainder over the first pieces: 19 words → 10 + 9, not 12 + 7.
                let size = length / count + (piece < length % count ? 1 : 0)
                pieces.append(start...(start + size - 1))
                start += size
            }
            first = last + 1
        }

        // Too-short pieces ("okay", "um so") join the previous piece, or the next when first.
        var merged: [ClosedRange<Int>] = []
        var pending: ClosedRange<Int>?
        for piece in pieces {
            let range = pending.map { $0.lowerBound...piece.upperBound } ?? piece
            pending = nil
            if range.reduce(0, { $0 + tokenCount[$1] }) >= Grounder.minimumQuoteTokens {
                merged.append(range)
            } else if let previous = merged.popLast() {
                merged.append(previous.lowerBound...range.upperBound)
            } else {
                pending = range
            }
        }
        // A transcript too short for any full span still offers all of it.
        if let pending { merged.append(pending) }

        // A long talk: join neighbours in groups of `size` so at most `maximumSpans` remain.
        let size = (merged.count + Self.maximumSpans - 1) / Self.maximumSpans
        if size > 1 {
            merged = stride(from: 0, to: merged.count, by: size).map { first in
                merged[first].lowerBound...merged[min(first + size, merged.count) - 1].upperBound
            }
        }
        spans = merged.map { index.text(words: $0.lowerBound, $0.upperBound) }
    }
}
