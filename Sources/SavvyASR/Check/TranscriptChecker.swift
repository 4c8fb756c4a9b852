/// Checks a transcript against the speech the VAD found, repairs what it can, and decides
/// whether the words can be trusted.
///
/// 1. **Loops.** A repetition the audio does not support (`LoopEvidence`: its repeated words
///    collapse onto one instant, or lie over no speech) is a decoder loop; it is decoded again on
///    its own window, without and then with the verbatim prompt; when every re-decode loops too,
///    comes back in windows Whisper finds repetitive, or gives nothing, the copies after the
///    first are dropped (and when the coverage rule then decodes the speech under them stretch
///    by stretch into confident words, the loop is `recoveredInPieces` and no longer counts
///    against trust). A repetition the audio supports
///    is the speaker's own and is kept as it is. A loop at the end of the transcript whose
///    copies lie after the last speech or collapse onto the end of the audio
///    (`LoopEvidence.isUnheard`) is a trailing hallucination: its copies are dropped without a
///    re-decode and it does not count against trust.
/// 2. **Stretched words.** A word far longer than it takes to say, over speech
///    (`StretchedWords`: Whisper stopped writing a window's last sentence and stretched the last
///    word it wrote to the window's end), hides speech the coverage rule cannot see; the
///    sentences around it are decoded again without and then with the verbatim prompt, and the
///    new words replace the old ones there when they are more and hold no loop.
/// 3. **Skipped opening.** Speech at the start of a recording that starts on a word, before the
///    first word and shorter than the coverage rule sees (`SkippedOpening`: Whisper's beam search
///    began a few words in), has the opening decoded again with silence before it; the new words
///    replace the old ones there when they are more, start in the skipped speech and hold no loop.
/// 4. **Coverage.** (A stretched word covers only the time it takes to say.) Every stretch of VAD speech of at least `minimumStretchSeconds` that no word
///    covers is decoded again on its own, without and then with the prompt (Whisper decoding a
///    long file can skip a stretch it would transcribe alone), and the words are merged by time.
///    What stays word-less is reported as unrecognised.
/// 5. **Trust.** The words are not trusted when speech has no words, when they cover less than
///    `minimumCoverage` of the speech, when a loop could not be repaired, when a segment Whisper
///    itself finds repetitive (`DecodeSegment.isRepetitive`) still has words and no loop was
///    caught in it (tiny.en turns speech it cannot read, such as French or German, into one
///    phrase over and over; English windows compress 0.8–1.7 times), when their mean
///    confidence is below `minimumConfidence`, or when a second engine heard too little of the
///    same words (`minimumAgreement`) — the language check: Whisper tiny.en writes fluent English
///    for any language, which pocketsphinx does not corroborate.
public struct TranscriptChecker: Sendable {
    /// What a re-decode gives: words timed from the start of the recording, and the decoder's
    /// statistics for its segments on the same clock (none when the engine has none), so that a
    /// re-decode Whisper itself finds repetitive is no repair.
    public typealias Redecoded = (words: [TranscriptWord], segments: [DecodeSegment])
    /// Decodes seconds `start…end` of the recording again with `prompt` (nil: none). A negative
    /// `start` decodes that much silence before the recording (the skipped-opening rule gives
    /// Whisper a lead-in); word times stay on the recording's clock.
    public typealias Redecode = (_ start: Double, _ end: Double, _ prompt: String?) throws -> Redecoded

    /// Word-less speech at least this long is decoded again and, if still word-less, reported
    /// (seconds, default 1.5).
    public var minimumStretchSeconds = 1.5
    /// Seconds around each word counted as covered by it: engines place word edges within about
    /// 0.13 s of each other, and the VAD runs on past a word's last phoneme.
    public var wordPadding = 0.3
    /// Below this share of speech covered by words, the transcript is not trusted.
    public var minimumCoverage = 0.5
    /// Below this mean word confidence, the transcript is not trusted; nil skips the test.
    /// Measured with Whisper tiny.en: English answers 0.64–0.85 (espeak-ng, also quiet and
    /// noisy), a German answer 0.42. pocketsphinx's posteriors do not separate the two (English
    /// espeak-ng answers 0.26–0.48, the German one 0.42), so callers turn it off there.
    public var minimumConfidence: Double? = 0.5
    /// Below this mean word confidence a trusted transcript carries a `caution`: its words are
    /// English but many are likely wrong, so what is judged from them may be too. nil skips it.
    /// For pocketsphinx, whose posteriors cannot tell English from other speech (so
    /// `minimumConfidence` is off) but do follow its word error rate: on Debian's LibriVox
    /// sentences (71 words) clean, then with pink noise at 25, 20, 15 and 10 dB SNR, mean
    /// confidence 0.74, 0.58, 0.59, 0.40, 0.31 against WER 0.27, 0.38, 0.41, 0.55, 0.87
    /// (Whisper tiny.en on the same: WER 0.03–0.10, confidence 0.93–0.95). AMI meeting speech
    /// comes out at 0.28–0.47 and espeak-ng voices, whose pocketsphinx words are mostly wrong,
    /// at 0.26–0.58.
    public var cautionConfidence: Double?
    /// ``cautionConfidence`` for a pocketsphinx transcript: below it about half the words or
    /// more are wrong.
    public static let pocketSphinxCautionConfidence = 0.5
    /// Below this share of words the second engine also heard, the transcript is not trusted:
    /// nearly no overlap. pocketsphinx is weak on synthetic voices, so English espeak-ng answers
    /// already agree on only 10–39 % of Whisper's words (30 answers of the content set, with
    /// Whisper's mean confidence 0.74–0.90 on every one; a German answer agrees on 16 % and is
    /// caught by confidence instead). A bar at 10 % marked one of those 30 English answers
    /// untrusted (9.6 %), so the check only catches transcripts the two engines share almost
    /// nothing of.
    public var minimumAgreement = 0.05
    /// Agreement is only judged on at least this many words: a few words prove little.
    public var minimumWordsForAgreement = 8
    /// What tells a decoder loop from a repetition the speaker made.
    public var loopEvidence = LoopEvidence()
    /// What tells a word stretched over unwritten speech, and where to decode again around it.
    public var stretchedWords = StretchedWords()
    /// What tells speech skipped at the start of the recording, and how to decode it again.
    public var skippedOpening = SkippedOpening()

    public init() {}

    /// The checked transcript, with `check` filled in.
    /// - Parameters:
    ///   - speech: VAD speech segments, seconds, in time order.
    ///   - verbatimPrompt: the prompt for the second re-decode attempt; nil skips it.
    ///   - redecode: decodes a window again; nil when the engine cannot (then nothing is repaired,
    ///     only reported).
    ///   - secondOpinion: another engine's words for the same audio, for the agreement check.
    ///   - secondOpinionSpans: the stretches (seconds) the second engine decoded when it heard
    ///     only a sample of a long recording: agreement is then judged on the words whose middle
    ///     lies in them. nil: it heard all of it.
    ///   - audioEnd: the length of the recording, seconds, to know a loop collapsed onto its end.
    public func check(_ transcript: Transcript, speech: [(start: Double, end: Double)], verbatimPrompt: String?,
                      redecode: Redecode?, secondOpinion: [TranscriptWord]? = nil,
                      secondOpinionSpans: [(start: Double, end: Double)]? = nil,
                      audioEnd: Double? = nil) throws -> Transcript {
        var words = transcript.words
        let segments = transcript.segments ?? []
        var loops: [TranscriptCheck.Loop] = []
        for found in loopEvidence.loops(in: words, speech: speech, segments: segments).reversed() {
            let start = words[found.first.lowerBound].start
            let end = words[found.repeats.upperBound - 1].end
            let ratio = words[found.repeats].compactMap { LoopEvidence.segment(of: $0, in: segments) }
                .filter(\.isRepetitive).map(\.compressionRatio).max()
            // Last in the transcript (loops are handled from the end, so a trailing loop that
            // was dropped can leave the one before it last) with nothing under its copies: there
            // is no audio to decode again. The first copy goes too when it is just as unheard.
            if found.repeats.upperBound == words.count,
               loopEvidence.isUnheard(found.repeats, words: words, speech: speech, audioEnd: audioEnd) {
                let keepsFirst = !loopEvidence.isUnheard(found.first, words: words, speech: speech, audioEnd: audioEnd)
                words.removeSubrange((keepsFirst ? found.first.upperBound : found.first.lowerBound)..<found.repeats.upperBound)
                loops.insert(TranscriptCheck.Loop(
                    stretch: .init(start: start, end: end), phrase: found.phrase.joined(separator: " "),
                    repeats: found.count, redecoded: false, trailing: true, compressionRatio: ratio), at: 0)
                continue
            }
            let replacement = try redecode.flatMap { redecode in
                try loopFreeRedecode((start, end), verbatimPrompt: verbatimPrompt, speech: speech, redecode: redecode) {
                    !$0.isEmpty
                }
            }
            let range = found.first.lowerBound..<found.repeats.upperBound
            words.replaceSubrange(range, with: replacement ?? Array(words[found.first]))
            loops.insert(TranscriptCheck.Loop(
                stretch: .init(start: start, end: end), phrase: found.phrase.joined(separator: " "),
                repeats: found.count, redecoded: replacement != nil, compressionRatio: ratio), at: 0)
        }

        var redecoded = 0, recovered = 0, recoveredWords = 0
        // Words stretched over speech nobody wrote down: the sentences around each are decoded
        // again, and their words replace the ones there when the new decode holds more and no
        // loop. Overlapping windows are decoded as one; from the last, so indices stay valid.
        var windows: [(start: Double, end: Double)] = []
        for index in stretchedWords.stretched(in: words, speech: speech) {
            let window = stretchedWords.window(for: index, in: words, speech: speech)
            if let last = windows.last, window.start <= last.end {
                windows[windows.count - 1].end = max(last.end, window.end)
            } else {
                windows.append(window)
            }
        }
        var restretched: [TranscriptCheck.Stretch] = []
        for window in windows.reversed() {
            guard let redecode else { break }
            let inside = words.indices.filter { !Self.words([words[$0]], within: [window]).isEmpty }
            guard let first = inside.first, let last = inside.last else { continue }
            redecoded += 1
            guard let replacement = try loopFreeRedecode(
                window, verbatimPrompt: verbatimPrompt, speech: speech, redecode: redecode, accept: { $0.count > inside.count })
            else { continue }
            recovered += 1
            recoveredWords += replacement.count - inside.count
            words.replaceSubrange(first...last, with: replacement)
            restretched.insert(.init(start: window.start, end: window.end), at: 0)
        }

        // Speech at the very start that Whisper skipped (a recording that starts on a word): the
        // opening is decoded again with silence before it, and its words replace the ones there
        // when they are more, start in the skipped speech, are confident and hold no loop. A start before the recording is decoded as silence
        // (see `Redecode`); no word can start before the recording, so the times are clamped.
        var opening: TranscriptCheck.Stretch?
        if let redecode, let window = skippedOpening.window(
            words: words, speech: speech, uncovered: uncovered(speech: speech, words: words), stretchedWords: stretchedWords
        ) {
            redecoded += 1
            let inside = words.prefix { !Self.words([$0], within: [window]).isEmpty }.count
            let padded = (start: window.start - skippedOpening.leadInSeconds, end: window.end)
            // The new decode must write words in the skipped speech, not just more words after it,
            // and words the recogniser is as sure of as of a transcript it would trust: on a
            // far-field meeting clip (AMI trn02) the opening decode wrote 13 words of mean
            // confidence 0.24, most of them at one instant, over speech no word had covered.
            let skippedEnd = words[0].start - wordPadding
            if let replacement = try loopFreeRedecode(
                padded, verbatimPrompt: verbatimPrompt, speech: speech, redecode: redecode,
                accept: { $0.count > inside && $0[0].start < skippedEnd && self.isConfident($0) }) {
                recovered += 1
                recoveredWords += replacement.count - inside
                words.replaceSubrange(0..<inside, with: replacement.map { word in
                    var clamped = word
                    clamped.start = max(window.start, word.start)
                    clamped.end = max(clamped.start, word.end)
                    return clamped
                })
                opening = .init(start: window.start, end: window.end)
            }
        }

        var unrecognised: [TranscriptCheck.Stretch] = []
        var recoveredList: [TranscriptWord] = []
        var repetitivePieces: [(start: Double, end: Double)] = []
        for (gap, window, accepted) in uncoveredInContext(speech: speech, words: words)
        where gap.end - gap.start >= minimumStretchSeconds {
            var found: [TranscriptWord] = []
            var repetitive = false
            if let redecode {
                redecoded += 1
                var decoded = try redecode(window.start, window.end, nil)
                found = Self.words(decoded.words, within: [accepted])
                if found.isEmpty, let verbatimPrompt {
                    decoded = try redecode(window.start, window.end, verbatimPrompt)
                    found = Self.words(decoded.words, within: [accepted])
                }
                // A loop in a short window is no recovery.
                if !loopEvidence.loops(in: found, speech: speech, segments: decoded.segments).isEmpty { found = [] }
                repetitive = decoded.segments.contains(where: \.isRepetitive)
            }
            if found.isEmpty {
                unrecognised.append(.init(start: gap.start, end: gap.end))
            } else {
                if repetitive { repetitivePieces.append(gap) }
                recovered += 1
                recoveredWords += found.count
                recoveredList += found
                let index = words.firstIndex { $0.start > found[0].start } ?? words.count
                words.insert(contentsOf: found, at: index)
            }
        }
        // A stretched word whose excess was decoded in pieces (when the sentences around it gave
        // no more words) ends where it can have ended, before the words found in it.
        for index in stretchedWords.stretched(in: words, speech: speech) {
            let word = words[index]
            if recoveredList.contains(where: { $0.start > word.start && $0.start < word.end }) {
                words[index].end = word.start + stretchedWords.plausibleSeconds(word.text)
            }
        }

        // A loop whose copies were dropped, with the speech under them then decoded again stretch
        // by stretch: when that gave confident words (the language test's bar) over most of its
        // speech (the coverage bar) in decodes Whisper does not find repetitive, the loop stands
        // for no speech any more (issue 14: tiny.en looped "hit" 111 times over the whole first
        // 30 s window of an answer, the same window looped again, and its eight speech stretches
        // decoded alone gave 90 right words). Speech tiny.en cannot read (French) decodes into
        // the same phrase again, piece by piece, in windows that compress like a loop.
        for index in loops.indices where !loops[index].redecoded && !loops[index].trailing {
            let stretch = loops[index].stretch
            let spoken = speech.compactMap { segment -> (start: Double, end: Double)? in
                let start = max(segment.start, stretch.start), end = min(segment.end, stretch.end)
                return end > start ? (start, end) : nil
            }
            var spokenSeconds = 0.0, leftSeconds = 0.0
            for segment in spoken { spokenSeconds += segment.end - segment.start }
            for gap in uncovered(speech: spoken, words: words) { leftSeconds += gap.end - gap.start }
            let inside = Self.words(recoveredList, within: [(stretch.start, stretch.end)])
            guard spokenSeconds > 0, !inside.isEmpty,
                  !repetitivePieces.contains(where: { $0.end > stretch.start && $0.start < stretch.end }) else { continue }
            var confidence = 0.0
            for word in inside { confidence += word.confidence }
            confidence /= Double(inside.count)
            if 1 - leftSeconds / spokenSeconds >= minimumCoverage, confidence >= minimumConfidence ?? 0 {
                loops[index].recoveredInPieces = true
            }
        }

        // Anything still uncovered that is long enough is reported, including what a failed
        // loop repair left.
        unrecognised = uncovered(speech: speech, words: words)
            .filter { $0.end - $0.start >= minimumStretchSeconds }
            .map { TranscriptCheck.Stretch(start: $0.start, end: $0.end) }

        var speechSeconds = 0.0
        for segment in speech { speechSeconds += segment.end - segment.start }
        var uncoveredSeconds = 0.0
        for gap in uncovered(speech: speech, words: words) { uncoveredSeconds += gap.end - gap.start }
        let coverage = speechSeconds > 0 ? max(0, min(1, 1 - uncoveredSeconds / speechSeconds)) : 1
        var confidenceSum = 0.0
        for word in words { confidenceSum += word.confidence }
        let meanConfidence = words.isEmpty ? nil : confidenceSum / Double(words.count)
        let heard = secondOpinionSpans.map { spans in Self.words(words, within: spans) } ?? words
        let agreement = secondOpinion.flatMap { other in
            heard.count >= minimumWordsForAgreement ? Self.agreement(heard.map(\.text), other.map(\.text)) : nil
        }

        // A segment Whisper finds repetitive with no loop caught in it: the repetition is one the
        // loop rule cannot see (a phrase of more than ten words, copies that vary), and its words
        // are still there.
        let unexplained = segments.first { segment in
            segment.isRepetitive
                && !loops.contains { $0.stretch.end >= segment.start && $0.stretch.start <= segment.end }
                && words.contains { LoopEvidence.segment(of: $0, in: [segment]) != nil }
        }
        let reason = verdict(speechSeconds: speechSeconds, words: words, coverage: coverage, loops: loops,
                             meanConfidence: meanConfidence, agreement: agreement, repetitive: unexplained)
        var result = transcript
        result.words = words
        var check = TranscriptCheck(
            speechSeconds: speechSeconds, coverage: coverage, unrecognised: unrecognised, redecodedStretches: redecoded,
            recoveredStretches: recovered, recoveredWords: recoveredWords, loops: loops, meanConfidence: meanConfidence,
            agreement: agreement, trusted: reason == nil, reason: reason)
        check.compressionRatio = segments.map(\.compressionRatio).max()
        if reason == nil, let meanConfidence, let cautionConfidence, meanConfidence < cautionConfidence {
            check.caution = "the recogniser is unsure of many words (mean confidence \(Self.fixed(meanConfidence))); "
                + "some are likely wrong, and so may be what is judged from them"
        }
        check.stretchedWords = restretched.isEmpty ? nil : restretched
        check.skippedOpening = opening
        result.check = check
        return result
    }

    /// Why the words cannot be trusted, or nil.
    func verdict(speechSeconds: Double, words: [TranscriptWord], coverage: Double, loops: [TranscriptCheck.Loop],
                 meanConfidence: Double?, agreement: Double?, repetitive: DecodeSegment? = nil) -> String? {
        if words.isEmpty {
            return speechSeconds >= minimumStretchSeconds
                ? "no words were recognised in \(Self.seconds(speechSeconds)) of speech" : nil
        }
        if let loop = loops.first(where: { !$0.redecoded && !$0.trailing && !$0.recoveredInPieces }) {
            if let ratio = loop.compressionRatio {
                // Whisper itself would reject the decode: most often speech it cannot read as English.
                return "the recogniser repeated “\(loop.phrase)” \(loop.repeats) times (compression ratio "
                    + "\(Self.fixed(ratio)), above Whisper's \(Self.fixed(DecodeSegment.repetitiveCompressionRatio))) "
                    + "and decoding again did not help: " + Self.notEnglish
            }
            return "the recogniser repeated “\(loop.phrase)” \(loop.repeats) times and decoding again did not help"
        }
        if let repetitive {
            return "the recogniser's words repeat themselves from \(Self.seconds(repetitive.start)) to "
                + "\(Self.seconds(repetitive.end)) (compression ratio \(Self.fixed(repetitive.compressionRatio)), above "
                + "Whisper's \(Self.fixed(DecodeSegment.repetitiveCompressionRatio))): " + Self.notEnglish
        }
        if coverage < minimumCoverage {
            return "words cover only \(Int((coverage * 100).rounded())) % of the speech"
        }
        if let meanConfidence, let minimumConfidence, meanConfidence < minimumConfidence {
            return "the recogniser is unsure of most words (mean confidence \(Self.fixed(meanConfidence))): " + Self.notEnglish
        }
        if let agreement, agreement < minimumAgreement {
            return "the two speech engines agree on only \(Int((agreement * 100).rounded())) % of the words: "
                + Self.notEnglish
        }
        return nil
    }

    /// The words inside `window` of a new decode of it, first without and then with the verbatim
    /// prompt (only when there is one: the same decode twice gives the same words), from the first
    /// decode whose words `accept` takes, that holds no loop and whose segments under those words
    /// Whisper does not find repetitive; nil when neither does. (A repetition of more words than
    /// the loop rule looks for is still one: on an Intel Xeon tiny.en decoded the German fixture's
    /// looped window again as a twelve-word phrase three times, at compression ratio 2.65.)
    private func loopFreeRedecode(
        _ window: (start: Double, end: Double), verbatimPrompt: String?, speech: [(start: Double, end: Double)],
        redecode: Redecode, accept: ([TranscriptWord]) -> Bool
    ) throws -> [TranscriptWord]? {
        let prompts: [String?] = verbatimPrompt.map { [nil, $0] } ?? [nil]
        for prompt in prompts {
            let decoded = try redecode(window.start, window.end, prompt)
            let again = Self.words(decoded.words, within: [window])
            let repetitive = again.contains { LoopEvidence.isInRepetitiveSegment($0, decoded.segments) }
            if accept(again) && !repetitive && loopEvidence.loops(in: again, speech: speech, segments: decoded.segments).isEmpty {
                return again
            }
        }
        return nil
    }

    /// Whether `words`' mean confidence reaches `minimumConfidence` (always, without that bar).
    private func isConfident(_ words: [TranscriptWord]) -> Bool {
        guard let minimumConfidence, !words.isEmpty else { return true }
        return words.reduce(0) { $0 + $1.confidence } / Double(words.count) >= minimumConfidence
    }

    /// Parts of the speech segments no padded word span covers, in time order.
    func uncovered(speech: [(start: Double, end: Double)], words: [TranscriptWord]) -> [(start: Double, end: Double)] {
        uncoveredInContext(speech: speech, words: words).map(\.gap)
    }

    /// Seconds of the neighbouring words a gap's re-decode also hears (at most: not past the
    /// neighbouring words' own stretch of speech).
    static let contextSeconds = 1.0

    /// Each stretch of speech no word covers (`gap`), with the window to decode it again in
    /// (`window`) and the span whose words are taken from that decode (`accepted`).
    ///
    /// A word covers `wordPadding` either side, so the gap starts that far after the last word
    /// before it; but a word Whisper left out may lie in that padding (its end times run early),
    /// and a decode that starts in the middle of speech mishears its first word. window-hole.wav
    /// on oneDNN's AVX2 kernels: the decode ended at "…and how to" (to ends at 24.1 s), the gap's
    /// own decode from 24.4 s began at "sheet", and from 24.1 s it misheard "I can understand";
    /// with 0.6 s or more of the words before (from 22.3 to 23.5 s, every 0.1–0.3 s) it gave
    /// "…how to build a sheet someone else can understand" each time. Started right at a word's
    /// start as Whisper timed it (23.9 s, after the onset) it misheard "the real machine". So the
    /// window takes in `contextSeconds` of the neighbouring words, and the words kept are those
    /// whose middle lies between the neighbours' own edges: "how to" again is left out, "build a"
    /// is kept.
    func uncoveredInContext(speech: [(start: Double, end: Double)], words: [TranscriptWord])
        -> [(gap: (start: Double, end: Double), window: (start: Double, end: Double), accepted: (start: Double, end: Double))] {
        // Covered spans, each with its first word's start and its last word's end (stretch-aware:
        // a word stretched over speech covers only the time it takes to say).
        struct Span { var start, end, firstStart, lastEnd: Double }
        var covered: [Span] = []
        let sorted = words.sorted(by: { $0.start < $1.start })
        let stretched = Set(stretchedWords.stretched(in: sorted, speech: speech))
        for (index, word) in sorted.enumerated() {
            let end = stretched.contains(index)
                ? word.start + stretchedWords.plausibleSeconds(word.text) : max(word.end, word.start)
            let span = Span(start: word.start - wordPadding, end: end + wordPadding, firstStart: word.start, lastEnd: end)
            if let last = covered.last, span.start <= last.end {
                if span.end >= last.end {
                    covered[covered.count - 1].end = span.end
                    covered[covered.count - 1].lastEnd = end
                }
            } else {
                covered.append(span)
            }
        }
        var gaps: [(gap: (start: Double, end: Double), window: (start: Double, end: Double), accepted: (start: Double, end: Double))] = []
        func add(_ start: Double, _ end: Double, before: Span?, after: Span?) {
            let window = (start: before.map { max($0.firstStart, $0.lastEnd - Self.contextSeconds) } ?? start,
                          end: after.map { min($0.lastEnd, $0.firstStart + Self.contextSeconds) } ?? end)
            let accepted = (start: before.map { min($0.lastEnd, start) } ?? start, end: after.map { max($0.firstStart, end) } ?? end)
            gaps.append((gap: (start, end), window: window, accepted: accepted))
        }
        for segment in speech {
            var cursor = segment.start
            var before: Span? = nil
            for span in covered where span.end > cursor && span.start < segment.end {
                if span.start > cursor { add(cursor, span.start, before: before, after: span) }
                before = span
                cursor = max(cursor, span.end)
            }
            if cursor < segment.end { add(cursor, segment.end, before: before, after: nil) }
        }
        return gaps
    }

    /// The words whose middle lies in one of `spans` (in time order, not overlapping), both ends
    /// included: a word Whisper clamped to the end of the audio (start = end = the end) belongs
    /// to the stretch that ends there, whether the stretch is a re-decoded window or a sample
    /// the second engine heard. Found by binary search, so the words' own order does not matter.
    static func words(_ words: [TranscriptWord], within spans: [(start: Double, end: Double)]) -> [TranscriptWord] {
        words.filter { word in
            let middle = (word.start + word.end) / 2
            // The first span that does not end before the middle.
            var low = 0
            var high = spans.count
            while low < high {
                let mid = (low + high) / 2
                if spans[mid].end < middle { low = mid + 1 } else { high = mid }
            }
            return low < spans.count && spans[low].start <= middle
        }
    }

    /// Longest common subsequence of the two word lists ÷ the length of the first.
    static func agreement(_ a: [String], _ b: [String]) -> Double {
        guard !a.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [Int](repeating: 0, count: b.count + 1)
            for (j, y) in b.enumerated() {
                current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return Double(previous[b.count]) / Double(a.count)
    }

    static let notEnglish = "the answer may not be in English, or not clear enough to transcribe"

    static func seconds(_ value: Double) -> String { "\(Int(value.rounded())) s" }

    static func fixed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
