import Foundation
import SavvyASR
import SavvySemantic

/// The on-device semantic tier: sentence embeddings, a learned sentence classifier, a sequence
/// decoder over the drill's order, and relevance as calibrated similarity to the prompt.
///
/// Deterministic given a deterministic encoder. The weights come from scripts/train-structure.py
/// (`SemanticWeights`), scripts/train-order.py (`OrderWeights`, see `OrderCheck`) and
/// scripts/train-relevance.py (`RelevanceWeights`); the evidence, the decoder, the order check
/// and the relevance features mirror those scripts.
public struct SemanticScorer {
    /// Bumped whenever the evidence, the decoder or the weights change meaning.
    public static let version = "semantic-16"
    /// Cosine above which an answer word counts as saying the same thing as a prompt key word
    /// ("client" for "customer" 0.61, "update" for "change" 0.60): single-word MiniLM embeddings
    /// of near-synonyms sit around 0.6–0.8, of merely related words around 0.3–0.5. Word cosines
    /// do not tell opposites or siblings apart ("succeeded" for "failed" 0.73, "three" for "four"
    /// 0.82), so counts are matched only literally (`numberWords`).
    public static let synonymCosine = 0.6
    /// Counts, which stand for themselves: another number is another fact, however close its
    /// vector.
    static let numberWords: Set<String> = [
        "zero", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty",
        "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million", "billion",
        "first", "second", "third", "fourth", "fifth", "dozen", "half", "double", "twice", "single",
    ]

    /// Whether `word` is a count (a number word or digits), which only its literal self addresses.
    static func isNumber(_ word: String) -> Bool {
        numberWords.contains(word) || (!word.isEmpty && word.allSatisfy(\.isNumber))
    }

    let embedder: any SentenceEmbedding

    public init(embedder: any SentenceEmbedding) {
        self.embedder = embedder
    }

    /// Judges structure and relevance of `transcript` for `drill` and `prompt`.
    /// - Throws: `CoachError.semanticUnavailable` when the drill is too large for the decoder or
    ///   the encoder fails (the router then degrades to the heuristic tier).
    public func judge(transcript: Transcript, drill: Drill, prompt: String) throws -> SemanticJudgment {
        guard drill.sections.count <= StructureDecoder.maximumSections else {
            throw CoachError.semanticUnavailable(
                why: "drill '\(drill.id)' has \(drill.sections.count) sections; the decoder handles up to \(StructureDecoder.maximumSections)")
        }
        let sentences = AnswerSentence.split(transcript)
        let index = TranscriptIndex(transcript: transcript)
        guard !sentences.isEmpty else {
            let spans = drill.sections.map { StructureSpan(sectionID: $0.id, name: $0.name, quote: nil, start: nil, end: nil) }
            return SemanticJudgment(
                sentences: [], labels: [], spans: spans, inOrder: true,
                relevance: CriterionScore(score: 1, reason: "no words heard", tier: .semantic), onTopicProbability: 0)
        }
        let texts = sentences.map(\.text)
        let (sentenceVectors, middles) = try embeddingsAndMiddles(texts)
        let exemplarVectors = try drill.sections.map { try vectors($0.exemplars) }
        if let gate = AnswerGate(drill: drill),
           !gate.readsLikeAnswer(AnswerGate.inputs(sentences: sentenceVectors, texts: texts, exemplars: exemplarVectors)) {
            return Self.notAnAnswer(drill: drill, prompt: prompt, sentences: sentences, texts: texts)
        }
        let descriptionVectors = try vectors(drill.sections.map(\.purpose))
        let classifier = sentenceVectors.first.flatMap { DrillClassifier(drill: drill, dimension: $0.count) }
        let drillModel = classifier.map { $0.logProbabilities(sentenceVectors, middles: middles, texts: texts) }
        let evidence = SentenceEvidence(
            sentences: sentenceVectors, texts: texts, exemplars: exemplarVectors, descriptions: descriptionVectors,
            cues: drill.sections.map(\.cues), drillModel: drillModel)
        let emissions: [[Double]]
        var decoder: StructureDecoder
        if drillModel == nil {
            // Free talk and drills of your own have no trained classifier: the structure weights
            // lean on it, so they get weights and costs fitted without it, and each section
            // begins only inside its window (scripts/train-generic.py).
            emissions = evidence.emissions(sectionWeights: GenericWeights.section, noneWeights: GenericWeights.none)
            decoder = .generic
            decoder.mayStart = Self.startWindows(sentences: sentences, wordCount: transcript.words.count, drill: drill)
        } else {
            emissions = evidence.emissions(sectionWeights: SemanticWeights.section, noneWeights: SemanticWeights.none)
            decoder = .trained
            if let presence = PresenceModel(drill: drill) {
                // Leaving out a section costs more the surer the whole answer is that it is there.
                decoder.presence = presence.logits(evidence: evidence, emissions: emissions)
                    .map { SemanticWeights.presenceWeight * $0 }
            }
        }
        let labels: [Int?]
        if drillModel != nil, let check = OrderCheck(drill: drill, decoder: decoder),
           let content = sentenceVectors.first.flatMap({ ContentClassifier(drill: drill, dimension: $0.count) }) {
            // Built-in drills: the learned order check decides between the drill's order and a swap.
            let asked = prompt.trimmingCharacters(in: .whitespacesAndNewlines)
            let promptVector = asked.isEmpty ? nil : try vectors([asked]).first
            labels = check.labels(evidence: evidence, content: content.logProbabilities(
                sentenceVectors, middles: middles, cues: ContentClassifier.cueHits(evidence),
                prompt: ContentClassifier.promptSimilarity(sentenceVectors, prompt: promptVector)))
        } else {
            labels = decoder.decode(emissions: emissions, change: evidence.change)
        }

        var spans: [StructureSpan] = []
        var firstSentence: [Int] = []
        for (k, section) in drill.sections.enumerated() {
            let members = labels.indices.filter { labels[$0] == k }
            guard let first = members.first, let last = members.last else {
                spans.append(StructureSpan(sectionID: section.id, name: section.name, quote: nil, start: nil, end: nil))
                continue
            }
            firstSentence.append(first)
            let firstWord = sentences[first].words.lowerBound
            let lastWord = sentences[last].words.upperBound - 1
            spans.append(StructureSpan(
                sectionID: section.id, name: section.name,
                quote: index.displayText(words: firstWord, min(lastWord, firstWord + 29)),
                start: sentences[first].start, end: sentences[last].end))
        }
        let inOrder = zip(firstSentence, firstSentence.dropFirst()).allSatisfy { $0 < $1 }
        // The drill's typical sentences: its exemplars, or its purpose lines when it has none.
        let exemplars = exemplarVectors.flatMap { $0 }
        let (relevance, probability) = try judgeRelevance(
            prompt: prompt, drill: drill, sentences: sentences, vectors: sentenceVectors,
            exemplars: exemplars.isEmpty ? descriptionVectors : exemplars, spans: spans, labels: labels, index: index)
        return SemanticJudgment(
            sentences: sentences, labels: labels, spans: spans, inOrder: inOrder, relevance: relevance,
            onTopicProbability: probability)
    }

    /// Per sentence and section, whether the sentence's first word lies in the section's
    /// `earliest`…`latest` window, as word index ÷ (words − 1) — the position the heuristic tier's
    /// `StructureDetector` bounds cue matches with, so both tiers read a drill's windows alike.
    static func startWindows(sentences: [AnswerSentence], wordCount: Int, drill: Drill) -> [[Bool]] {
        sentences.map { sentence in
            let position = wordCount > 1 ? Double(sentence.words.lowerBound) / Double(wordCount - 1) : 0
            return drill.sections.map { position >= $0.earliest && position <= $0.latest }
        }
    }

    /// The judgment of a recording the `AnswerGate` stops: no sections (none is looked for: the
    /// decoder would find them in anything), and Relevance 1, naming the prompt's key words the
    /// recording never uses — it answers neither this prompt nor any other of the drill.
    static func notAnAnswer(drill: Drill, prompt: String, sentences: [AnswerSentence], texts: [String]) -> SemanticJudgment {
        let spans = drill.sections.map { StructureSpan(sectionID: $0.id, name: $0.name, quote: nil, start: nil, end: nil) }
        let stems = ContentWords.stems(texts.joined(separator: " "))
        // The prompt's key words as relevance takes them: of its topic, not of a talk instruction.
        let unsaid = ContentWords.keyWords(PromptTopic.topic(prompt)).filter { !stems.contains(ContentWords.stem($0)) }
        var reason = "off topic; it does not read like an answer at all (more like conversation or a reading than \(drill.titleWithArticle))"
        if !unsaid.isEmpty { reason += "; not addressed: " + unsaid.joined(separator: ", ") }
        return SemanticJudgment(
            sentences: sentences, labels: sentences.map { _ in nil }, spans: spans, inOrder: true,
            relevance: CriterionScore(score: 1, reason: reason, tier: .semantic), onTopicProbability: 0,
            readsLikeAnswer: false)
    }

    /// Relevance: P(on topic) from the best sentence's and the whole answer's cosine to the prompt,
    /// each over its baseline among the drill's other prompts (logistic calibration learned on
    /// the dev set's transcripts by scripts/train-relevance.py, which this mirrors; its bias and
    /// band of 3, per built-in drill, are cut where cross-validation met the target rates), in
    /// bands (`relevanceScore`). The cosines are between centred vectors: a sentence minus the drill's
    /// typical sentence (`sentenceCentre`, the mean of its exemplars), a prompt minus the mean of
    /// the drill's prompt bank. Every answer of a drill resembles every prompt of the drill (all
    /// STAR answers are work stories, all STAR prompts say "tell me about a time"); without that
    /// shared part, what is left is what this prompt asks and what this answer is about, so an
    /// answer about a conference talk meets "conference speaker" without naming it. An off-topic
    /// answer that is as a whole closer to another of the drill's prompts is clearly about
    /// something else and scores 1 (`relevanceScore`). The reason quotes the closest sentence in
    /// the transcript's display text, names the prompt's key words the answer addressed (or a
    /// synonym it used; an answer judged off topic only "mentions" the ones it says) and those it
    /// never says — "not addressed" when it is judged off topic, "never says" otherwise, since an
    /// answer judged on topic may address them in other words —,
    /// the found section least related to the prompt, and, for an answer judged off topic, the
    /// drill's prompt that the answer as a whole is closest to when that is another one.
    ///
    /// Both cosines are relative to the drill's other prompts, so an answer to nothing the drill
    /// asks (meeting chatter, a novel read aloud) is as close to one prompt as to the next, and
    /// by chance closest to about one prompt in six, which put it on topic. A third input says
    /// how far it falls short of reading like an answer of the drill at all (`drillLikeness`
    /// over the drill's exemplars, `exemplars`, below `RelevanceWeights.likeKnot`), learned also
    /// against the set's answers judged under another drill's prompts; a drill without trained
    /// cuts (a user's), whose exemplars the weights never saw, goes without it.
    func judgeRelevance(
        prompt: String, drill: Drill, sentences: [AnswerSentence], vectors: [[Double]], exemplars: [[Double]],
        spans: [StructureSpan], labels: [Int?], index: TranscriptIndex
    ) throws -> (CriterionScore, Double) {
        // The prompt's topic: a talk instruction around it is not what it asks about (PromptTopic).
        let trimmed = PromptTopic.topic(prompt.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !trimmed.isEmpty else {
            return (CriterionScore(score: 3, reason: "no prompt given; neutral score", tier: .semantic), 0.5)
        }
        let promptCentre = Self.mean(try self.vectors(Self.promptBank(drill: drill)))
        let promptVector = Self.centred(try self.vectors([trimmed])[0], promptCentre)
        // The drill's typical sentence: what every answer of this drill shares whatever it is about.
        let sentenceCentre = Self.mean(exemplars)
        let centred = vectors.map { Self.centred($0, sentenceCentre) }
        let similarities = centred.map { SentenceEvidence.dot($0, promptVector) }
        var best = 0
        for i in similarities.indices where similarities[i] > similarities[best] { best = i }
        let mean = Self.unit(Self.mean(centred))
        // Baselines: how close the answer is to the drill's other prompts; what counts is how
        // much closer it is to its own.
        let otherPrompts = Self.otherPrompts(drill: drill, prompt: trimmed)
        let others = try self.vectors(otherPrompts).map { Self.centred($0, promptCentre) }
        let otherCosines = others.map { SentenceEvidence.dot(mean, $0) }
        var bestOther = 0.0
        var meanOther = 0.0
        for (other, cosine) in zip(others, otherCosines) {
            bestOther += centred.map { SentenceEvidence.dot($0, other) }.max() ?? 0
            meanOther += cosine
        }
        bestOther /= Double(max(others.count, 1))
        meanOther /= Double(max(others.count, 1))
        let r = RelevanceWeights.logistic
        // A built-in drill's bands are cut on its own answers (its prompts are more or less alike).
        let drillBias = RelevanceWeights.drillBias[drill.id]
        // Only a shortfall counts: an answer to another of the drill's prompts reads like one too.
        let shortfall = drillBias == nil
            ? 0 : min(0, Self.drillLikeness(vectors, exemplars: exemplars) - RelevanceWeights.likeKnot)
        let logOdds = (drillBias ?? r[0]) + r[1] * (similarities[best] - bestOther)
            + r[2] * (SentenceEvidence.dot(mean, promptVector) - meanOther) + r[3] * shortfall
        let probability = 1 / (1 + exp(-logOdds))
        // The drill's prompt the answer as a whole is closest to, when that is not the one asked.
        let answerCosine = SentenceEvidence.dot(mean, promptVector)
        let closestOther = otherCosines.indices.max(by: { otherCosines[$0] < otherCosines[$1] })
            .flatMap { otherCosines[$0] > answerCosine ? $0 : nil }
        let score = Self.relevanceScore(
            logOdds: logOdds, band3: RelevanceWeights.drillBand3[drill.id] ?? RelevanceWeights.band3,
            closerToAnotherPrompt: closestOther != nil)

        // Which of the prompt's key words the answer took up, literally or in other words. An
        // answer judged off topic may still say some of them (the fluent off-topic answer that
        // mentions "work"): those it only mentions, and a word it comes near in other words is
        // not one it addressed, so other words are only looked for in an answer judged on topic.
        let keyWords = ContentWords.keyWords(trimmed)
        let answerText = sentences.map(\.text).joined(separator: " ")
        let answerStems = ContentWords.stems(answerText)
        let answerWords = ContentWords.keyWords(answerText)
        var addressed: [String] = []
        var missing: [String] = []
        var unmatched = keyWords.filter { !answerStems.contains(ContentWords.stem($0)) }
        addressed += keyWords.filter { answerStems.contains(ContentWords.stem($0)) }
        missing += unmatched.filter(Self.isNumber)
        unmatched.removeAll(where: Self.isNumber)
        let candidates = answerWords.filter { !Self.isNumber($0) }
        if score > 2, !unmatched.isEmpty, !candidates.isEmpty {
            let keyVectors = try self.vectors(unmatched)
            let wordVectors = try self.vectors(candidates)
            for (word, keyVector) in zip(unmatched, keyVectors) {
                var closest = 0
                var closestCosine = -1.0
                for (j, wordVector) in wordVectors.enumerated() {
                    let cosine = SentenceEvidence.dot(keyVector, wordVector)
                    if cosine > closestCosine {
                        closestCosine = cosine
                        closest = j
                    }
                }
                if closestCosine >= Self.synonymCosine {
                    addressed.append("\(word) (as '\(candidates[closest])')")
                } else {
                    missing.append(word)
                }
            }
        } else {
            missing += unmatched
        }
        // In the prompt's order, counts among the rest.
        missing.sort { (keyWords.firstIndex(of: $0) ?? 0) < (keyWords.firstIndex(of: $1) ?? 0) }
        // Quoted as people read it (the engine's capitals and punctuation); matched as normalised.
        let closest = sentences[best]
        let words = index.displayText(words: closest.words.lowerBound, closest.words.upperBound - 1).split(separator: " ")
        let quote = words.prefix(8).joined(separator: " ") + (words.count > 8 ? "…" : "")
        // Off topic, even the closest sentence is about something else, and the prompt's words the
        // answer never takes up are what it did not address. Otherwise the answer's meaning was
        // judged on topic, so a prompt word it never says was addressed in other words or not at
        // all: the reason says only what is certain, that the word was not used.
        var parts = score <= 2
            ? ["off topic", "even its closest sentence to the prompt, at \(Clock.format(sentences[best].start)), is about something else: '\(quote)'"]
            : [score >= 4 ? "on topic" : "unclear whether on topic",
               "closest to the prompt at \(Clock.format(sentences[best].start)): '\(quote)'"]
        if !addressed.isEmpty {
            parts.append((score <= 2 ? "mentions " : "addresses ") + addressed.prefix(4).joined(separator: ", "))
        }
        if !missing.isEmpty {
            parts.append((score <= 2 ? "not addressed: " : "never says: ") + missing.prefix(4).joined(separator: ", "))
        }
        if let weakest = Self.leastRelatedSection(similarities: similarities, labels: labels, spans: spans),
           probability >= 0.5 {
            parts.append("least related part: \(weakest)")
        }
        // What the answer seems to answer instead: another of the drill's prompts it is closer to
        // as a whole (the judgement is against those prompts, so the reason names the one that won).
        if score <= 2, let closestOther {
            let words = otherPrompts[closestOther].split(separator: " ")
            parts.append("closer to the prompt '\(words.prefix(8).joined(separator: " "))\(words.count > 8 ? "…" : "")'")
        }
        return (CriterionScore(score: score, reason: parts.joined(separator: "; "), tier: .semantic), probability)
    }

    /// Log-odds over the cut between 3 and 4 → 1–5: from the cut (P = 0.5) 4, from P = 0.75 5;
    /// undecided 3 in the `band3` below the cut (`RelevanceWeights`: where neither target rate
    /// is met in cross-validation; none where they cannot both be); below it off topic: 1 when
    /// the answer is clearly about something else — as a whole closer to another of the drill's
    /// prompts than to this one (`closerToAnotherPrompt`), or as far again below as P = 0.15 lies
    /// below P = 0.3 (a `band3` of log(0.7/0.3) gives the probability bands 0.75, 0.5, 0.3 and
    /// 0.15) — else 2: off the prompt, but not an answer to any other the drill knows (same rule
    /// as `relevance_score` in train-relevance.py).
    public static func relevanceScore(logOdds: Double, band3: Double, closerToAnotherPrompt: Bool) -> Int {
        if logOdds >= log(3) { return 5 }
        if logOdds >= 0 { return 4 }
        if logOdds >= -band3 { return 3 }
        if closerToAnotherPrompt { return 1 }
        return logOdds >= -band3 - log(0.3 * 0.85 / (0.7 * 0.15)) ? 2 : 1
    }

    /// How much an answer reads like one of the drill's answers, whatever it is about: the mean
    /// over its sentences of the best cosine to one of `exemplars` (unit vectors; as
    /// `drill_likeness` in train-relevance.py). 0 without sentences or exemplars.
    static func drillLikeness(_ sentences: [[Double]], exemplars: [[Double]]) -> Double {
        guard !sentences.isEmpty, !exemplars.isEmpty else { return 0 }
        let total = sentences.reduce(0.0) { sum, sentence in
            sum + exemplars.map { SentenceEvidence.dot(sentence, $0) }.max()!
        }
        return total / Double(sentences.count)
    }

    /// The drill's other prompts, or every built-in prompt when the drill has no other; the
    /// baseline of the relevance features (same rule as `other_prompts` in train-relevance.py).
    static func otherPrompts(drill: Drill, prompt: String) -> [String] {
        let others = drill.prompts.filter { $0 != prompt }
        if !others.isEmpty { return others }
        return BuiltInDrills.all.sorted { $0.id < $1.id }.flatMap(\.prompts).filter { $0 != prompt }
    }

    /// The prompts whose mean is the centre of the prompt vectors: the drill's bank, or every
    /// built-in prompt when the drill has fewer than two (same rule as `bank` in
    /// train-relevance.py).
    static func promptBank(drill: Drill) -> [String] {
        if drill.prompts.count >= 2 { return drill.prompts }
        return BuiltInDrills.all.sorted { $0.id < $1.id }.flatMap(\.prompts)
    }

    /// The component-wise mean of `vectors` (zero-length for none).
    static func mean(_ vectors: [[Double]]) -> [Double] {
        guard let first = vectors.first else { return [] }
        var sum = [Double](repeating: 0, count: first.count)
        for vector in vectors { for d in sum.indices { sum[d] += vector[d] } }
        return sum.map { $0 / Double(vectors.count) }
    }

    /// `vector − centre`, scaled to unit length (only scaled when there is no centre).
    static func centred(_ vector: [Double], _ centre: [Double]) -> [Double] {
        unit(centre.count == vector.count ? zip(vector, centre).map { $0 - $1 } : vector)
    }

    /// `vector` scaled to unit length.
    static func unit(_ vector: [Double]) -> [Double] {
        let norm = max(sqrt(vector.reduce(0) { $0 + $1 * $1 }), 1e-12)
        return vector.map { $0 / norm }
    }

    /// The found section whose sentences are on average least similar to the prompt, when the
    /// answer has at least two found sections.
    static func leastRelatedSection(similarities: [Double], labels: [Int?], spans: [StructureSpan]) -> String? {
        var worst: (name: String, mean: Double)?
        var foundCount = 0
        for (k, span) in spans.enumerated() where span.isPresent {
            let members = labels.indices.filter { labels[$0] == k }
            guard !members.isEmpty else { continue }
            foundCount += 1
            let mean = members.reduce(0) { $0 + similarities[$1] } / Double(members.count)
            if worst == nil || mean < worst!.mean { worst = (span.name, mean) }
        }
        return foundCount >= 2 ? worst?.name : nil
    }

    /// The sentences' embeddings and middle-layer vectors, from one pass of the encoder.
    private func embeddingsAndMiddles(_ texts: [String]) throws -> (embeddings: [[Double]], middles: [[Double]]) {
        let vectors = try encoded(texts)
        return (vectors.map { $0.embedding.map(Double.init) }, vectors.map { $0.middle.map(Double.init) })
    }

    private func vectors(_ texts: [String]) throws -> [[Double]] {
        try encoded(texts).map { $0.embedding.map(Double.init) }
    }

    /// The encoder's vectors for `texts`, its failure as the tier's error.
    private func encoded(_ texts: [String]) throws -> [SentenceVectors] {
        guard !texts.isEmpty else { return [] }
        do {
            return try embedder.vectors(texts)
        } catch {
            throw CoachError.semanticUnavailable(why: "the sentence encoder failed: \(error.localizedDescription)")
        }
    }
}
